package org.maestro.topology.conf;

import java.util.List;
import java.util.Optional;

/**
 * The content of one {@code qdrouterd.conf}: its sections in file order.
 *
 * @param sections the sections, in order
 */
public record RouterConf(List<ConfSection> sections) {

    public RouterConf {
        sections = List.copyOf(sections);
    }

    /** All sections called {@code name}, in file order. */
    public List<ConfSection> sections(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).toList();
    }

    /** The first section called {@code name}, if any. */
    public Optional<ConfSection> first(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The router id from the {@code router} section, if set. */
    public Optional<String> routerId() {
        return first("router").flatMap(s -> s.get("id"));
    }
}
