package org.maestro.cli.testing;

import org.maestro.testing.RequiredServer;

/** The machine's own servers (RabbitMQ, Mosquitto, NATS) that tests use on their standard ports. */
public final class LocalServers {
    private LocalServers() {}

    /** Skips the calling test when nothing listens on the port, and fails it under CI, which runs every server. */
    public static void require(String system, int port) {
        RequiredServer.require(
                RequiredServer.listening(port),
                "no " + system + " listens on 127.0.0.1:" + port,
                "start " + system + " there (CI runs one)");
    }
}
