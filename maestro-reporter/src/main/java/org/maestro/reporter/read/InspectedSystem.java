package org.maestro.reporter.read;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.maestro.common.options.ManagementUrl;

/**
 * The system an inspector peer watched, as its {@value #FILE} names it: the SUT's name (a router's id, a broker's
 * name) and the management URL without credentials, e.g. {@code router2 (amqp://127.0.0.1:41181)}; chart titles
 * name it so a reader knows which SUT a chart shows.
 *
 * @param label how to name the SUT
 * @param inspector the inspector's name ({@code artemis}, {@code dispatch}), the prefix of its data sets
 */
public record InspectedSystem(String label, String inspector) {

    /** The file an inspector writes beside its data sets. */
    public static final String FILE = "inspector.properties";

    /**
     * Reads the inspector's file in a peer directory; empty when there is none or it names nothing.
     *
     * @throws IOException when it exists but cannot be read
     */
    public static Optional<InspectedSystem> of(Path peerDirectory) throws IOException {
        Path file = peerDirectory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not a properties file: " + e.getMessage(), e);
        }
        String name = properties.getProperty("sut.name", "").trim();
        String url = endpoint(properties.getProperty("inspector.url", "").trim());
        String label = name.isEmpty() ? url : url.isEmpty() ? name : name + " (" + url + ")";
        if (label.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new InspectedSystem(label, properties.getProperty("inspector.name", "").trim()));
    }

    /** The chart title of one data set: {@code router2 (amqp://127.0.0.1:41181) — links}. */
    public String title(String dataSet) {
        String prefix = inspector + "-";
        String shortName = !inspector.isEmpty() && dataSet.startsWith(prefix) && dataSet.length() > prefix.length()
                ? dataSet.substring(prefix.length()) : dataSet;
        return label + " — " + shortName;
    }

    private static String endpoint(String url) {
        if (url.isEmpty()) {
            return "";
        }
        try {
            return ManagementUrl.parse(url.replace(":***@", "@")).label();
        } catch (IllegalArgumentException e) {
            return url.replaceFirst("//[^/@]*@", "//");
        }
    }
}
