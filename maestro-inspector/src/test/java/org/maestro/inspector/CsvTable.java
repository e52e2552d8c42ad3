package org.maestro.inspector;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.maestro.common.files.inspector.InspectorCsv;

/** An inspector CSV file read back for assertions: its format line, header and rows by column name. */
public record CsvTable(String formatLine, List<String> header, List<Map<String, String>> rows) {

    /** Reads a data-set file with the reader the reporter uses; the format line is the file's first line as is. */
    public static CsvTable read(Path file) throws IOException {
        String formatLine;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            formatLine = in.readLine();
        }
        org.maestro.common.files.csv.CsvTable table = InspectorCsv.read(file);
        List<String> header = table.columns();
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> cells : table.rows()) {
            if (cells.size() != header.size()) {
                throw new IllegalStateException(
                        file + ": " + cells.size() + " cells, header has " + header.size() + ": " + cells);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return new CsvTable(formatLine, header, rows);
    }

    /** The rows whose column has the value. */
    public List<Map<String, String>> where(String column, String value) {
        return rows.stream().filter(row -> value.equals(row.get(column))).collect(Collectors.toList());
    }

    /** The last row whose column has the value; empty when none has. */
    public Map<String, String> lastWhere(String column, String value) {
        List<Map<String, String>> matching = where(column, value);
        return matching.isEmpty() ? Map.of() : matching.get(matching.size() - 1);
    }

    /** The last row; empty when there is none. */
    public Map<String, String> last() {
        return rows.isEmpty() ? Map.of() : rows.get(rows.size() - 1);
    }

    /** The distinct timestamps, in file order. */
    public List<String> timestamps() {
        return rows.stream().map(row -> row.get("timestamp")).distinct().collect(Collectors.toList());
    }
}
