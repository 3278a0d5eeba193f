package org.esbbench.esb.mediation;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.esbbench.esb.faults.BadGatewayReplyException;
import org.esbbench.esb.faults.FaultBodies;

/**
 * The {@code rest} scenario's mediation: the request is fully parsed into a Jackson tree and written
 * out again for the backend; the backend's reply is parsed and written out again for the client.
 * Numbers are kept exact (BigDecimal, no float rounding) so the reply stays JSON-equal to the request.
 */
public final class JsonMediation {

    private final ObjectMapper mapper;

    public JsonMediation(int maxDocumentBytes) {
        JsonFactory factory = JsonFactory.builder()
                // Benchmark payloads pad inside a value; the defaults (1,000-digit numbers) are too tight.
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNumberLength(maxDocumentBytes)
                        .maxStringLength(maxDocumentBytes)
                        .maxDocumentLength(maxDocumentBytes)
                        .build())
                .build();
        this.mapper = JsonMapper.builder(factory)
                .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    public void request(Exchange exchange) throws IOException {
        Message message = exchange.getMessage();
        // A JsonProcessingException here is the client's malformed JSON (400).
        JsonNode tree = mapper.readTree(RequestBody.requireBytes(message));
        message.setBody(mapper.writeValueAsBytes(tree));
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.JSON_CONTENT_TYPE);
    }

    public void reply(Exchange exchange) throws IOException {
        Message message = exchange.getMessage();
        byte[] reply = message.getBody(byte[].class);
        JsonNode tree;
        try {
            tree = reply == null ? null : mapper.readTree(reply);
        } catch (IOException e) {
            throw new BadGatewayReplyException("Backend reply is not JSON: " + e.getMessage(), e);
        }
        if (tree == null || tree.isMissingNode()) {
            throw new BadGatewayReplyException("Backend replied with an empty body", null);
        }
        message.setBody(mapper.writeValueAsBytes(tree));
        message.setHeader(Exchange.CONTENT_TYPE, FaultBodies.JSON_CONTENT_TYPE);
    }
}
