package org.maestro.amqp.management;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer of an AMQP management QUERY: status code and description (application properties) and, when the
 * status is 200, the attribute names and one list of values per entity (the body).
 */
public record ManagementReply(
        int statusCode, String statusDescription, List<String> attributeNames, List<List<Object>> results) {

    public ManagementReply {
        attributeNames = List.copyOf(attributeNames);
        List<List<Object>> copy = new ArrayList<>(results.size());
        for (List<Object> result : results) {
            copy.add(Collections.unmodifiableList(new ArrayList<>(result)));
        }
        results = Collections.unmodifiableList(copy);
    }

    /** True when the query succeeded (status 200). */
    public boolean ok() {
        return statusCode == 200;
    }

    /** One map per entity, from attribute name to value in attribute order (absent attributes are absent keys). */
    public List<Map<String, Object>> entities() {
        List<Map<String, Object>> entities = new ArrayList<>(results.size());
        for (List<Object> result : results) {
            Map<String, Object> entity = new LinkedHashMap<>();
            for (int i = 0; i < attributeNames.size() && i < result.size(); i++) {
                entity.put(attributeNames.get(i), result.get(i));
            }
            entities.add(entity);
        }
        return entities;
    }
}
