package org.esbbench.core.check;

import java.io.IOException;
import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * JSON parsing and JSON-equality for the {@code rest} check. Equal means: same object keys in any order,
 * same array elements in order, equal strings, booleans and nulls, and numbers equal by value (a server
 * may write {@code 2000.000} back as {@code 2000.0}); numbers are read as exact decimals, never doubles.
 */
final class JsonTrees {

    private static final int MAX_BYTES = 64 * 1024 * 1024;

    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    // Payloads pad inside a number; Jackson's default limit of 1,000 digits is too tight.
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNumberLength(MAX_BYTES).maxStringLength(MAX_BYTES).build())
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JsonTrees() {
    }

    /** @throws JsonProcessingException when {@code json} is not one well-formed JSON value */
    static JsonNode parse(byte[] json) throws IOException {
        JsonNode tree = MAPPER.readTree(json);
        if (tree == null || tree.isMissingNode()) {
            throw new JsonProcessingException("no JSON value") {
                private static final long serialVersionUID = 1L;
            };
        }
        return tree;
    }

    /** @return null when JSON-equal, else the first difference with its JSON Pointer */
    static String difference(JsonNode expected, JsonNode actual) {
        return difference("", expected, actual);
    }

    private static String difference(String path, JsonNode expected, JsonNode actual) {
        String at = path.isEmpty() ? "/" : path;
        if (expected.isNumber() && actual.isNumber()) {
            return expected.decimalValue().compareTo(actual.decimalValue()) == 0 ? null
                    : at + ": expected " + expected + ", got " + actual;
        }
        if (expected.getNodeType() != actual.getNodeType()) {
            return at + ": expected " + kind(expected) + " " + abbreviate(expected) + ", got " + kind(actual) + " "
                    + abbreviate(actual);
        }
        if (expected.isObject()) {
            return objectDifference(path, expected, actual);
        }
        if (expected.isArray()) {
            int common = Math.min(expected.size(), actual.size());
            for (int i = 0; i < common; i++) {
                String difference = difference(path + "/" + i, expected.get(i), actual.get(i));
                if (difference != null) {
                    return difference;
                }
            }
            return expected.size() == actual.size() ? null
                    : at + ": expected " + expected.size() + " elements, got " + actual.size();
        }
        return expected.equals(actual) ? null : at + ": expected " + abbreviate(expected) + ", got " + abbreviate(actual);
    }

    private static String objectDifference(String path, JsonNode expected, JsonNode actual) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = expected.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String child = path + "/" + pointerEscape(field.getKey());
            JsonNode other = actual.get(field.getKey());
            if (other == null) {
                return child + ": missing";
            }
            String difference = difference(child, field.getValue(), other);
            if (difference != null) {
                return difference;
            }
        }
        for (Iterator<String> names = actual.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!expected.has(name)) {
                return path + "/" + pointerEscape(name) + ": unexpected member";
            }
        }
        return null;
    }

    private static String kind(JsonNode node) {
        return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static String abbreviate(JsonNode node) {
        String text = node.toString();
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }

    private static String pointerEscape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
