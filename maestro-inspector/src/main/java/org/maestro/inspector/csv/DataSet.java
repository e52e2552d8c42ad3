package org.maestro.inspector.csv;

import java.util.List;
import java.util.Objects;
import org.maestro.common.files.inspector.InspectorCsv;

/**
 * One kind of table an inspector collects, written to {@code <name>.csv}: its name and its data columns (the
 * {@code timestamp} column comes first in the file and is not listed here).
 */
public record DataSet(String name, List<String> columns) {
    public DataSet {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("a data set name is lower-case letters, digits and '-': " + name);
        }
        columns = List.copyOf(columns);
        if (columns.contains(InspectorCsv.TIMESTAMP)) {
            throw new IllegalArgumentException("'timestamp' is added by the writer, not a data column of " + name);
        }
    }

    /** A data set with the given columns. */
    public static DataSet of(String name, String... columns) {
        return new DataSet(name, List.of(columns));
    }

    /** The file this data set is written to. */
    public String fileName() {
        return InspectorCsv.fileName(name);
    }
}
