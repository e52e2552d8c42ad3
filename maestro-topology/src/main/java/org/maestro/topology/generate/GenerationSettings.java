package org.maestro.topology.generate;

import java.util.Objects;

/**
 * How to lay a topology onto hosts and ports.
 *
 * @param ports        decides every listener port
 * @param listenHost   host the generated listeners bind to, null for the description's
 *                     {@code listenHost}
 * @param hostOverride when not null, every node is reached at this host (one machine); null
 *                     keeps each node's own host
 */
public record GenerationSettings(PortAssigner ports, String listenHost, String hostOverride) {

    public GenerationSettings {
        Objects.requireNonNull(ports, "ports");
    }

    /** Settings for deploying as described: ports from {@code ports}, hosts and listen host from the description. */
    public static GenerationSettings asDescribed(PortAssigner ports) {
        return new GenerationSettings(ports, null, null);
    }

    /** Settings for running every node on this machine on free loopback ports. */
    public static GenerationSettings loopback() {
        String loopback = "127.0.0.1";
        return new GenerationSettings(new FreePortAssigner(), loopback, loopback);
    }
}
