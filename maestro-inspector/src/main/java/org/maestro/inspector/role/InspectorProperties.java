package org.maestro.inspector.role;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.files.inspector.InspectorCsv;

/**
 * Writes {@code inspector.properties} to the peer's result directory: what was inspected (name, URL without
 * password, interval), what was learned of the SUT ({@code sut.product}, {@code sut.version}, {@code sut.name}) and
 * the polling figures. A Java properties file (UTF-8) opening with {@code # maestro-inspector v1}, keys sorted.
 */
public final class InspectorProperties {
    /** The file name in the result directory. */
    public static final String FILE = "inspector.properties";

    private InspectorProperties() {
    }

    /** Writes (or replaces, atomically) the file with the given entries. */
    public static void write(Path directory, Map<String, String> entries) throws IOException {
        StringBuilder text = new StringBuilder(InspectorCsv.FORMAT_LINE).append('\n');
        for (Map.Entry<String, String> entry : new TreeMap<>(entries).entrySet()) {
            text.append(escape(entry.getKey(), true)).append('=').append(escape(entry.getValue(), false))
                    .append('\n');
        }
        Path file = directory.resolve(FILE);
        Path temporary = directory.resolve(FILE + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String escape(String text, boolean key) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> escaped.append("\\\\");
                case '\n' -> escaped.append("\\n");
                case '\r' -> escaped.append("\\r");
                case '\t' -> escaped.append("\\t");
                case '=', ':', ' ', '#', '!' -> {
                    if (key || (i == 0 && c != '=' && c != ':')) {
                        escaped.append('\\');
                    }
                    escaped.append(c);
                }
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
