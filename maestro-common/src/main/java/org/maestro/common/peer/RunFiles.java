package org.maestro.common.peer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Stream;
import org.maestro.common.measure.PeerResult;

/**
 * The run identity of a peer's result files: which run id the files that carry one ({@code test.properties},
 * {@code peer-result.json}) name, and the removal of an earlier run's directory.
 */
public final class RunFiles {
    /** The file of the options a load peer ran with; its {@code RUN_ID} key names the run. */
    public static final String TEST_PROPERTIES = "test.properties";
    /** The key of the run id in {@code test.properties}. */
    public static final String RUN_ID_KEY = "RUN_ID";

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunFiles() {}

    /**
     * The first run id that differs from the expected one among the files that carry a run id; empty when every such
     * file names the expected run (or none carries one). A file that carries no run id where one is expected reads
     * as {@code "none"}.
     *
     * @param content the bytes of a file by its name relative to the peer's directory, or null when it is missing
     */
    public static Optional<String> foreignRunId(String expected, Function<String, byte[]> content) {
        byte[] properties = content.apply(TEST_PROPERTIES);
        if (properties != null) {
            String found = propertiesRunId(properties);
            if (!expected.equals(found)) {
                return Optional.of(found == null ? "none" : found);
            }
        }
        byte[] result = content.apply(PeerResult.FILE_NAME);
        if (result != null) {
            String found = jsonRunId(result);
            if (!expected.equals(found)) {
                return Optional.of(found == null ? "none" : found);
            }
        }
        return Optional.empty();
    }

    /** {@link #foreignRunId(String, Function)} for the files in a directory. */
    public static Optional<String> foreignRunId(String expected, Path directory) {
        return foreignRunId(expected, name -> {
            Path file = directory.resolve(name);
            try {
                return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
            } catch (IOException e) {
                return new byte[0];
            }
        });
    }

    /** Deletes a directory and everything below it; nothing when it does not exist. */
    public static void delete(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String propertiesRunId(byte[] bytes) {
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        String value = properties.getProperty(RUN_ID_KEY);
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static String jsonRunId(byte[] bytes) {
        try {
            JsonNode value = JSON.readTree(bytes).path("runId");
            return value.isTextual() && !value.asText().isBlank()
                    ? value.asText().trim()
                    : null;
        } catch (IOException e) {
            return null;
        }
    }
}
