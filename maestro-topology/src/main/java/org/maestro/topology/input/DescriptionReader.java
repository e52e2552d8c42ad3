package org.maestro.topology.input;

import java.nio.file.Path;

/**
 * Reads a topology description from YAML (format in {@code docs/topology.md}); binding errors
 * become a {@link org.maestro.topology.TopologyException} naming the file and line. The result
 * is not yet validated: pass it to {@link DescriptionValidator}.
 */
public final class DescriptionReader {

    private DescriptionReader() {}

    /** Reads {@code file}; the topology name defaults to the file name without extension. */
    public static TopologyDescription read(Path file) {
        TopologyDescription description = YamlFiles.read(file, TopologyDescription.class);
        if (description.name == null || description.name.isBlank()) {
            description.name = baseName(file);
        }
        return description;
    }

    /** Reads {@code text}; {@code source} names it in error messages and is the default name. */
    public static TopologyDescription read(String source, String text) {
        TopologyDescription description = YamlFiles.read(source, text, TopologyDescription.class);
        if (description.name == null || description.name.isBlank()) {
            description.name = source;
        }
        return description;
    }

    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
