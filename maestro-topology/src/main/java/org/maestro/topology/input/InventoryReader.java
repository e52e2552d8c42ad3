package org.maestro.topology.input;

import java.nio.file.Path;

/**
 * Reads an {@link Inventory} from YAML:
 *
 * <pre>{@code
 * version: 1
 * nodes:
 *   - name: router1
 *     host: 10.0.0.3
 *   - name: broker1
 *     host: 10.0.0.5
 *     type: broker
 * }</pre>
 */
public final class InventoryReader {

    private InventoryReader() {}

    /** Reads {@code file}; errors name the file and line. */
    public static Inventory read(Path file) {
        return YamlFiles.read(file, Inventory.class);
    }

    /** Reads {@code text}; {@code source} names it in error messages. */
    public static Inventory read(String source, String text) {
        return YamlFiles.read(source, text, Inventory.class);
    }
}
