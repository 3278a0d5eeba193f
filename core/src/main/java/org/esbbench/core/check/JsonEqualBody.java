package org.esbbench.core.check;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/** {@code rest}: the reply must be JSON-equal to the request (see {@link JsonTrees}). */
final class JsonEqualBody implements BodyCheck {

    private final JsonNode expected;

    JsonEqualBody(byte[] request) {
        try {
            this.expected = JsonTrees.parse(request);
        } catch (IOException e) {
            throw new IllegalArgumentException("the request is not well-formed JSON: " + e.getMessage(), e);
        }
    }

    @Override
    public String difference(byte[] body) {
        JsonNode reply;
        try {
            reply = JsonTrees.parse(body);
        } catch (JsonProcessingException e) {
            return "reply is not well-formed JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr());
        } catch (IOException e) {
            return "reply is not well-formed JSON: " + e.getMessage();
        }
        String difference = JsonTrees.difference(expected, reply);
        return difference == null ? null : "not JSON-equal to the request: " + difference;
    }
}
