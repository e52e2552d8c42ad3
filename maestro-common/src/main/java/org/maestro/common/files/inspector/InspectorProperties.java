package org.maestro.common.files.inspector;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.maestro.common.files.AtomicFiles;

/**
 * An inspector's {@code inspector.properties} in its result directory, beside its data sets: what was inspected
 * (name, URL without password, interval), what was learned of the SUT ({@code sut.product}, {@code sut.version},
 * {@code sut.name}) and the polling figures. A Java properties file (UTF-8) opening with
 * {@code # maestro-inspector v1}, keys sorted. {@link #write} writes it, {@link #read} reads it.
 */
public final class InspectorProperties {
    /** The file name in the result directory. */
    public static final String FILE = "inspector.properties";

    private InspectorProperties() {}

    /**
     * Reads the file of a result directory; empty when there is none.
     *
     * @throws IOException when it exists but cannot be read or is not a properties file
     */
    public static Optional<Map<String, String>> read(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not a properties file: " + e.getMessage(), e);
        }
        Map<String, String> entries = new LinkedHashMap<>();
        new TreeMap<>(properties).forEach((key, value) -> entries.put(key.toString(), value.toString()));
        return Optional.of(entries);
    }

    /** Writes (or replaces, atomically) the file with the given entries. */
    public static void write(Path directory, Map<String, String> entries) throws IOException {
        StringBuilder text = new StringBuilder(InspectorCsv.FORMAT_LINE).append('\n');
        for (Map.Entry<String, String> entry : new TreeMap<>(entries).entrySet()) {
            text.append(escape(entry.getKey(), true))
                    .append('=')
                    .append(escape(entry.getValue(), false))
                    .append('\n');
        }
        AtomicFiles.writeString(directory.resolve(FILE), text);
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
