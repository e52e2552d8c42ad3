package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.files.inspector.InspectorProperties;

/**
 * The system an inspector peer watched, as its {@value #FILE} names it: the SUT's name (a router's id, a broker's
 * name) and the management URL without credentials, e.g. {@code router2 (amqp://127.0.0.1:41181)}; chart titles
 * name it so a reader knows which SUT a chart shows.
 *
 * <p>A test that names its systems ({@code inspect "router1", …}) has each one's files in
 * {@code systems/<name>/} of an inspector peer's directory, and the system's name leads its label:
 * {@code router1 (amqp://127.0.0.1:41181)}.
 *
 * @param label how to name the SUT
 * @param inspector the inspector's name ({@code artemis}, {@code dispatch}), the prefix of its data sets
 * @param system the name the test gave the system, empty for the single system of the older form
 */
public record InspectedSystem(String label, String inspector, String system) {
    /** The name of a system when neither the test nor its inspector names it. */
    public static final String UNNAMED = "sut";

    /** The system's name: the one the test gave, else its inspector's ({@code artemis}), else {@value #UNNAMED}. */
    public String name() {
        return !system.isEmpty() ? system : !inspector.isEmpty() ? inspector : UNNAMED;
    }

    /** The file an inspector writes beside its data sets. */
    public static final String FILE = InspectorProperties.FILE;

    /**
     * Reads the inspector's file in a peer directory; empty when there is none or it names nothing.
     *
     * @throws IOException when it exists but cannot be read
     */
    public static Optional<InspectedSystem> of(Path peerDirectory) throws IOException {
        Optional<Map<String, String>> read = InspectorProperties.read(peerDirectory);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> properties = read.get();
        String name = properties.getOrDefault("sut.name", "").trim();
        String url = endpoint(properties.getOrDefault("inspector.url", "").trim());
        String system = properties.getOrDefault("inspector.system", "").trim();
        String shown = system.isEmpty() ? name : system;
        String label = shown.isEmpty() ? url : url.isEmpty() ? shown : shown + " (" + url + ")";
        if (label.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new InspectedSystem(
                label, properties.getOrDefault("inspector.name", "").trim(), system));
    }

    /** The chart title of one data set: {@code router2 (amqp://127.0.0.1:41181) — links}. */
    public String title(String dataSet) {
        String prefix = inspector + "-";
        String shortName = !inspector.isEmpty() && dataSet.startsWith(prefix) && dataSet.length() > prefix.length()
                ? dataSet.substring(prefix.length())
                : dataSet;
        return label + " — " + shortName;
    }

    private static String endpoint(String url) {
        if (url.isEmpty()) {
            return "";
        }
        try {
            return ManagementUrl.parse(url.replace(":" + UrlRedactor.MASK + "@", "@"))
                    .label();
        } catch (IllegalArgumentException e) {
            return url.replaceFirst("//[^/@]*@", "//");
        }
    }
}
