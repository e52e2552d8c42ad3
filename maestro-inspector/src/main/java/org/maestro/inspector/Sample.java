package org.maestro.inspector;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.inspector.csv.DataSet;

/**
 * What one poll read: rows per data set, and the parts that could not be read (the poll still writes the others).
 * Built by one thread.
 */
public final class Sample {
    private final Map<DataSet, List<List<Object>>> rows = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();

    /** Adds one row of a data set (one value per column, in column order). */
    public Sample add(DataSet dataSet, List<Object> row) {
        if (row.size() != dataSet.columns().size()) {
            throw new IllegalArgumentException(
                    dataSet.name() + " has " + dataSet.columns().size() + " columns, not " + row.size());
        }
        rows.computeIfAbsent(dataSet, d -> new ArrayList<>()).add(row);
        return this;
    }

    /** Notes a part of the poll that failed, with a message saying what and why. */
    public Sample fail(String message) {
        failures.add(message);
        return this;
    }

    /** Rows read, per data set, in the order they were added. */
    public Map<DataSet, List<List<Object>>> rows() {
        return Collections.unmodifiableMap(rows);
    }

    /** The rows of one data set (empty when none). */
    public List<List<Object>> rows(DataSet dataSet) {
        return rows.getOrDefault(dataSet, List.of());
    }

    /** What failed; empty when all of the poll succeeded. */
    public List<String> failures() {
        return Collections.unmodifiableList(failures);
    }
}
