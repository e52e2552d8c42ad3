package org.maestro.inspector;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** An inspector CSV file read back for assertions: its format line, header and rows by column name. */
public record CsvTable(String formatLine, List<String> header, List<Map<String, String>> rows) {

    public static CsvTable read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> header = split(lines.get(1));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(2, lines.size())) {
            List<String> cells = split(line);
            if (cells.size() != header.size()) {
                throw new IllegalStateException(file + ": " + cells.size() + " cells, header has " + header.size()
                        + ": " + line);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return new CsvTable(lines.get(0), header, rows);
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

    static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
