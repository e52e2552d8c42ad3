package org.maestro.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The recorded AMQP management requests and replies of a real Qpid Dispatch router 1.19.0
 * ({@code fixtures/qpid-dispatch-1.19.0/management-query.json} in this test-jar), per entity type.
 */
public final class DispatchFixture {
    /** The class-path resource of the recording. */
    public static final String RESOURCE = "/fixtures/qpid-dispatch-1.19.0/management-query.json";

    private final JsonNode root;

    private DispatchFixture(JsonNode root) {
        this.root = root;
    }

    public static DispatchFixture load() {
        try (InputStream in = DispatchFixture.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + RESOURCE);
            }
            return new DispatchFixture(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean has(String entityType) {
        return root.has(entityType);
    }

    /** The recorded exchange of one entity type (request and response), as JSON; missing when not recorded. */
    public JsonNode exchange(String entityType) {
        return root.path(entityType);
    }

    /** The request's application properties as recorded. */
    public Map<String, Object> requestProperties(String entityType) {
        return asMap(exchange(entityType).path("request_application_properties"));
    }

    public Map<String, Object> requestBody(String entityType) {
        return asMap(exchange(entityType).path("request_body"));
    }

    public Map<String, Object> responseProperties(String entityType) {
        return asMap(exchange(entityType).path("response_application_properties"));
    }

    public Map<String, Object> responseBody(String entityType) {
        return asMap(exchange(entityType).path("response_body"));
    }

    /** The value of one attribute of the n-th entity of a reply, as recorded. */
    public JsonNode value(String entityType, int entity, String attribute) {
        JsonNode body = exchange(entityType).path("response_body");
        List<String> names = new ArrayList<>();
        body.path("attributeNames").forEach(name -> names.add(name.asText()));
        int index = names.indexOf(attribute);
        if (index < 0) {
            throw new IllegalArgumentException(entityType + " has no attribute " + attribute);
        }
        return body.path("results").path(entity).path(index);
    }

    public int entityCount(String entityType) {
        return exchange(entityType).path("response_body").path("results").size();
    }

    public static Map<String, Object> asMap(JsonNode node) {
        Map<String, Object> map = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> map.put(field.getKey(), toAmqp(field.getValue())));
        return map;
    }

    /** A JSON value as the AMQP value a router would encode: integers as long, lists, maps, null. */
    public static Object toAmqp(JsonNode node) {
        if (node.isNull() || node.isMissingNode()) {
            return null;
        } else if (node.isIntegralNumber()) {
            return node.longValue();
        } else if (node.isNumber()) {
            return node.doubleValue();
        } else if (node.isBoolean()) {
            return node.booleanValue();
        } else if (node.isTextual()) {
            return node.textValue();
        } else if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(each -> list.add(toAmqp(each)));
            return list;
        }
        return asMap(node);
    }
}
