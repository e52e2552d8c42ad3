package org.maestro.topology;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What runs on a topology node: a Qpid Dispatch router or an AMQP broker. */
public enum NodeType {
    ROUTER,
    BROKER;

    /** The name used in descriptions and inventories: {@code router} or {@code broker}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The type named {@code label} (case-insensitive), if it is one. */
    public static Optional<NodeType> fromLabel(String label) {
        return Arrays.stream(values())
                .filter(t -> t.label().equalsIgnoreCase(label))
                .findFirst();
    }
}
