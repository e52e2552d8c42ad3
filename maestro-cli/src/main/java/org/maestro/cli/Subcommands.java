package org.maestro.cli;

import java.util.ArrayList;
import java.util.List;

/** The subcommands that live in other modules (report, compare, topology, agent-init …), registered on the root. */
final class Subcommands {
    private Subcommands() {}

    static List<Object> extra() {
        return new ArrayList<>();
    }
}
