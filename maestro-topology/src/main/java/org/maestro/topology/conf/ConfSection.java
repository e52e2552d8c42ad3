package org.maestro.topology.conf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One section of a {@code qdrouterd.conf} file ({@code listener { ... }}): its name and its
 * attributes in file order.
 *
 * @param name       section name, e.g. {@code router}, {@code listener}, {@code linkRoute}
 * @param attributes attribute name to value, in the order they appear
 * @param line       1-based line of the opening brace in the parsed file, 0 for generated sections
 */
public record ConfSection(String name, Map<String, String> attributes, int line) {

    public ConfSection {
        Objects.requireNonNull(name, "name");
        attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    /** A generated section (no source line). */
    public static ConfSection of(String name, Map<String, String> attributes) {
        return new ConfSection(name, attributes, 0);
    }

    /** The value of {@code attribute}, if set. */
    public Optional<String> get(String attribute) {
        return Optional.ofNullable(attributes.get(attribute));
    }

    /** The value of {@code attribute}, or {@code defaultValue} when it is not set. */
    public String get(String attribute, String defaultValue) {
        return attributes.getOrDefault(attribute, defaultValue);
    }
}
