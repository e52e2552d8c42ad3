package org.maestro.common.files.csv;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes one CSV file in the shape every Maestro CSV has: a version comment line ({@code # maestro-<kind> v<n>}),
 * optional further comment lines, a header row, then data rows, with {@code \n} line ends. Jackson's CSV generator
 * writes the rows: cells are written as given ({@code null} as an empty cell, numbers and booleans as Java prints
 * them) and a text cell is quoted as RFC 4180 says only when it holds a comma, a quote or a line break. Not
 * thread-safe. {@link CsvTable} reads what it writes.
 *
 * <pre>{@code
 * try (CsvFileWriter out = CsvFileWriter.create(file, "# maestro-rate v3", List.of(), columns)) {
 *     out.row(1732262400000L, 1000L, 2000L);
 * }
 * }</pre>
 */
public final class CsvFileWriter implements Closeable {
    private static final CsvMapper MAPPER = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build();

    private final int columns;
    private final SequenceWriter rows;

    private CsvFileWriter(int columns, SequenceWriter rows) {
        this.columns = columns;
        this.rows = rows;
    }

    /**
     * Creates (or replaces) the file and writes its version line, comment lines (each written as {@code # <text>})
     * and header.
     */
    public static CsvFileWriter create(Path file, String versionLine, List<String> comments, List<String> columns)
            throws IOException {
        return create(Files.newBufferedWriter(file, StandardCharsets.UTF_8), versionLine, comments, columns);
    }

    /**
     * Writes the version line, comment lines and header to {@code out}, and the rows after them; closing the returned
     * writer closes {@code out}.
     */
    public static CsvFileWriter create(Writer out, String versionLine, List<String> comments, List<String> columns)
            throws IOException {
        try {
            out.write(versionLine);
            out.write('\n');
            for (String comment : comments) {
                out.write("# ");
                out.write(comment);
                out.write('\n');
            }
            // the header is written as a row, so that a file without data rows has one too
            CsvSchema schema = CsvSchema.emptySchema().withLineSeparator("\n");
            SequenceWriter rows = MAPPER.writer(schema).writeValues(out);
            rows.write(columns.toArray());
            rows.flush();
            return new CsvFileWriter(columns.size(), rows);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Writes one row: one cell per column, in column order. */
    public void row(Object... cells) throws IOException {
        if (cells.length != columns) {
            throw new IllegalArgumentException(
                    "the file has " + columns + " columns, a row of " + cells.length + " cells was given");
        }
        Object[] written = cells.clone();
        for (int i = 0; i < written.length; i++) {
            if (written[i] == null) {
                written[i] = ""; // Jackson leaves a null element of an array out of the row
            }
        }
        rows.write(written);
    }

    /** Writes one row: one cell per column, in column order. */
    public void row(List<?> cells) throws IOException {
        row(cells.toArray());
    }

    /** Pushes the written rows to the file. */
    public void flush() throws IOException {
        rows.flush();
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }
}
