package org.maestro.inspector.csv;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes one data set to its CSV file: a {@code # maestro-inspector v1} line, a header {@code timestamp,<columns>},
 * then one line per row. Not thread-safe: {@link DataSetFiles} serialises access.
 *
 * <p>Values: numbers in plain decimal notation (no exponent), booleans as {@code true}/{@code false}, {@code null}
 * (or a value the SUT did not report) as an empty cell, text quoted as RFC 4180 says when it holds a comma, a quote
 * or a line break.
 */
public final class DataSetWriter implements Closeable {
    /** The first line of every inspector CSV: the format and its version. */
    public static final String FORMAT_LINE = "# maestro-inspector v1";
    /** The first column: epoch milliseconds of the poll that read the row. */
    public static final String TIMESTAMP = "timestamp";

    private final DataSet dataSet;
    private final BufferedWriter out;

    private DataSetWriter(DataSet dataSet, BufferedWriter out) {
        this.dataSet = dataSet;
        this.out = out;
    }

    /** Creates (or replaces) {@code <directory>/<name>.csv} and writes its format line and header. */
    public static DataSetWriter create(Path directory, DataSet dataSet) throws IOException {
        BufferedWriter out = Files.newBufferedWriter(directory.resolve(dataSet.fileName()), StandardCharsets.UTF_8);
        try {
            out.write(FORMAT_LINE);
            out.write('\n');
            out.write(TIMESTAMP);
            for (String column : dataSet.columns()) {
                out.write(',');
                out.write(cell(column));
            }
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            out.close();
            throw e;
        }
        return new DataSetWriter(dataSet, out);
    }

    /** The data set written. */
    public DataSet dataSet() {
        return dataSet;
    }

    /**
     * Writes one row.
     *
     * @param values one value per data column, in column order
     */
    public void row(long timestampMillis, List<?> values) throws IOException {
        if (values.size() != dataSet.columns().size()) {
            throw new IllegalArgumentException(dataSet.name() + " has " + dataSet.columns().size()
                    + " columns, a row of " + values.size() + " values was given");
        }
        StringBuilder line = new StringBuilder(16 + 12 * values.size());
        line.append(timestampMillis);
        for (Object value : values) {
            line.append(',').append(cell(value));
        }
        line.append('\n');
        out.write(line.toString());
    }

    /** Pushes the written rows to the file. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** The text of one CSV cell for a value. */
    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                return "";
            }
            if (number == Math.rint(number) && Math.abs(number) < 1e15) {
                return Long.toString((long) number);
            }
            return BigDecimal.valueOf(number).toPlainString();
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return value.toString();
        }
        String text = value.toString();
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
