package org.maestro.driver.mqtt;

import java.util.UUID;
import org.maestro.testing.RequiredServer;

/**
 * The machine's own MQTT broker on 127.0.0.1:1883 (Mosquitto 2.0): tests skip when none listens there, and fail
 * when the {@code CI} environment variable is set, since CI machines run one.
 */
final class LocalMosquitto {
    static final String HOST = "127.0.0.1";
    static final int PORT = 1883;

    private LocalMosquitto() {}

    /** Skips the calling test when no broker listens (fails it under CI). */
    static void require() {
        RequiredServer.require(
                RequiredServer.listening(PORT), "nothing listens on " + HOST + ":" + PORT, "start Mosquitto there");
    }

    /** A URL of a topic no other test uses, with the given query (starting with {@code ?}, or empty). */
    static String url(String query) {
        return "mqtt://" + HOST + ":" + PORT + "/maestro/test/" + UUID.randomUUID() + query;
    }
}
