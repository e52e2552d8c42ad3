package org.maestro.common.files.inspector;

import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.csv.CsvFileWriter;

/**
 * Writes one data set of an inspector to its CSV file (see {@link InspectorCsv}). Not thread-safe: the inspector
 * serialises access.
 *
 * <p>Values: numbers in plain decimal notation (no exponent), booleans as {@code true}/{@code false}, {@code null}
 * (or a value the SUT did not report) as an empty cell, text quoted as RFC 4180 says when it holds a comma, a quote
 * or a line break.
 */
public final class InspectorCsvWriter implements Closeable {
    private final String name;
    private final int columns;
    private final CsvFileWriter out;

    private InspectorCsvWriter(String name, int columns, CsvFileWriter out) {
        this.name = name;
        this.columns = columns;
        this.out = out;
    }

    /**
     * Creates (or replaces) {@code <directory>/<name>.csv}, writes its format line and header and flushes them.
     *
     * @param columns the data columns; {@code timestamp} comes first in the file and is not one of them
     */
    public static InspectorCsvWriter create(Path directory, String name, List<String> columns) throws IOException {
        List<String> header = new ArrayList<>(columns.size() + 1);
        header.add(InspectorCsv.TIMESTAMP);
        header.addAll(columns);
        CsvFileWriter out = CsvFileWriter.create(
                directory.resolve(InspectorCsv.fileName(name)), InspectorCsv.FORMAT_LINE, List.of(), header);
        return new InspectorCsvWriter(name, columns.size(), out);
    }

    /**
     * Writes one row.
     *
     * @param values one value per data column, in column order
     */
    public void row(long timestampMillis, List<?> values) throws IOException {
        if (values.size() != columns) {
            throw new IllegalArgumentException(
                    name + " has " + columns + " columns, a row of " + values.size() + " values was given");
        }
        Object[] cells = new Object[columns + 1];
        cells[0] = timestampMillis;
        for (int i = 0; i < columns; i++) {
            cells[i + 1] = text(values.get(i));
        }
        out.row(cells);
    }

    /** Pushes the written rows to the file. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** The text of one cell for a value, before CSV quoting; null for an empty cell. */
    static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                return null;
            }
            if (number == Math.rint(number) && Math.abs(number) < 1e15) {
                return Long.toString((long) number);
            }
            return BigDecimal.valueOf(number).toPlainString();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        return value.toString();
    }
}
