package org.maestro.topology.management;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The body of an AMQP management QUERY reply: attribute names and one list of values per entity,
 * in attribute order.
 *
 * @param attributeNames the attribute names
 * @param results        one row of values per entity
 */
public record QueryResult(List<String> attributeNames, List<List<Object>> results) {

    public QueryResult {
        attributeNames = List.copyOf(attributeNames);
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : results) {
            rows.add(java.util.Collections.unmodifiableList(new ArrayList<>(row)));
        }
        results = List.copyOf(rows);
    }

    /** Each entity as attribute name to value (values may be null). */
    public List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<Object> values : results) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 0; i < attributeNames.size(); i++) {
                row.put(attributeNames.get(i), i < values.size() ? values.get(i) : null);
            }
            rows.add(row);
        }
        return rows;
    }
}
