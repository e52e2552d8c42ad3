package org.maestro.testing;

/**
 * The NATS server with JetStream that the machine runs on 127.0.0.1:4222, for tests: a test calls
 * {@link #assumeRunning()} first, which skips it when nothing listens there, or fails it under CI
 * ({@link RequiredServer}).
 */
public final class LocalNats {
    /** The server's URL without a subject. */
    public static final String URL = "nats://127.0.0.1:4222";

    private LocalNats() {}

    /** Skips the calling test when no NATS server listens on 127.0.0.1:4222, or fails it when {@code CI} is set. */
    public static void assumeRunning() {
        RequiredServer.require(
                RequiredServer.listening(4222),
                "no NATS server listens on 127.0.0.1:4222",
                "start one with JetStream (nats-server -js -a 127.0.0.1 -p 4222) before the tests");
    }
}
