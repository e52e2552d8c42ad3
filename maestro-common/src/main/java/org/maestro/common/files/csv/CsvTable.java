package org.maestro.common.files.csv;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.maestro.common.files.BoundedInputStream;

/**
 * A CSV file Maestro wrote (rate, inspector data set, agent actions): an optional
 * {@code # maestro-<kind> v<n>} version comment, a header row, then data rows. Files ending in
 * {@code .gz} are decompressed. Immutable once read.
 *
 * @param kind    the kind named in the version comment ({@code rate} for {@code # maestro-rate v1}), or ""
 * @param version the version in the version comment, 0 when the file has none
 */
public record CsvTable(Path file, String kind, int version, List<String> columns, List<List<String>> rows) {

    private static final Pattern VERSION = Pattern.compile("#\\s*maestro-([\\w.-]+)\\s+v(\\d+)");
    private static final CsvMapper MAPPER = new CsvMapper();
    /** The most a compressed CSV file may inflate to: far above a day-long test's rate log. */
    public static final long MAX_INFLATED_BYTES = 512L * 1024 * 1024;
    /** How far the version comment is looked for at the start of a file. */
    private static final int VERSION_LINE = 256;

    public CsvTable {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /**
     * Reads a CSV file; a file without a header row gives an empty table. A {@code .gz} file is inflated as a stream
     * and refused when it holds more than {@value #MAX_INFLATED_BYTES} bytes.
     */
    public static CsvTable read(Path file) throws IOException {
        return read(file, MAX_INFLATED_BYTES);
    }

    /** Reads a CSV file; a {@code .gz} file may inflate to {@code maxInflated} bytes at most. */
    static CsvTable read(Path file, long maxInflated) throws IOException {
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.getFileName().toString().endsWith(".gz")
                        ? new BoundedInputStream(new GZIPInputStream(raw), maxInflated, file.toString())
                        : raw;
                BufferedReader text = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return read(file, text);
        }
    }

    private static CsvTable read(Path file, BufferedReader text) throws IOException {
        String kind = "";
        int version = 0;
        text.mark(VERSION_LINE);
        char[] head = new char[VERSION_LINE];
        int length = text.read(head);
        text.reset();
        Matcher matcher = VERSION.matcher(length <= 0 ? "" : new String(head, 0, length));
        if (matcher.lookingAt()) {
            kind = matcher.group(1);
            version = Integer.parseInt(matcher.group(2));
        }
        CsvSchema schema = CsvSchema.emptySchema().withComments();
        List<String> columns = List.of();
        List<List<String>> rows = new ArrayList<>();
        try (MappingIterator<String[]> it = MAPPER.readerFor(String[].class)
                .with(CsvParser.Feature.WRAP_AS_ARRAY)
                .with(CsvParser.Feature.TRIM_SPACES)
                .with(CsvParser.Feature.SKIP_EMPTY_LINES)
                .with(schema)
                .readValues(text)) {
            while (it.hasNextValue()) {
                String[] row = it.nextValue();
                if (row.length == 0 || (row.length == 1 && row[0].isEmpty())) {
                    continue;
                }
                if (columns.isEmpty()) {
                    columns = List.of(row);
                } else {
                    rows.add(List.of(row));
                }
            }
        } catch (RuntimeException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException(file + " is not valid CSV: " + e.getMessage(), e);
        }
        return new CsvTable(file, kind, version, columns, rows);
    }

    /** Index of the first column whose name equals one of {@code names} (ignoring case), or -1. */
    public int column(String... names) {
        for (String name : names) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).equalsIgnoreCase(name)) {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Index of the first column whose lower-case name contains {@code fragment}, or -1. */
    public int columnContaining(String fragment) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).toLowerCase(Locale.ROOT).contains(fragment)) {
                return i;
            }
        }
        return -1;
    }

    /** The cell of a row, "" when the row is short or the column is -1. */
    public static String cell(List<String> row, int column) {
        return column < 0 || column >= row.size() ? "" : row.get(column);
    }
}
