package org.maestro.amqp.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The engine over real loopback sockets, against a plain server socket of the test's: what it writes first, and
 * how it reports a refused connection, a peer that hangs up, a wake-up and a close from another thread.
 */
class AmqpEngineTest {
    /** The protocol header of the SASL layer: "AMQP", protocol id 3, version 1.0.0. */
    private static final byte[] SASL_HEADER = {'A', 'M', 'Q', 'P', 3, 1, 0, 0};

    private static AmqpEndpoint endpoint(int port, String user) {
        return new AmqpEndpoint("127.0.0.1", port, false, user, user == null ? null : "s3cret", "engine-test");
    }

    @Test
    void aClosedPortIsAConnectException() throws Exception {
        int port;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = server.getLocalPort();
        }
        assertThrows(ConnectException.class, () -> AmqpEngine.connect(endpoint(port, null), Duration.ofSeconds(2)));
    }

    @Test
    void startsWithTheSaslHeaderAndReportsAPeerThatHangsUp() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                AmqpEngine engine =
                        AmqpEngine.connect(endpoint(server.getLocalPort(), "maestro"), Duration.ofSeconds(2))) {
            engine.connection().open();
            assertEquals(
                    "amqp://***@127.0.0.1:" + server.getLocalPort(),
                    engine.endpoint().toString());
            try (Socket peer = server.accept()) {
                peer.setSoTimeout(5_000);
                engine.pump(10, () -> true, event -> {});
                assertArrayEquals(SASL_HEADER, readFully(peer.getInputStream(), 8), "SASL comes first");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            PeerClosedException closed = null;
            while (closed == null && System.nanoTime() < deadline) {
                try {
                    engine.pump(50, () -> true, event -> {});
                } catch (PeerClosedException e) {
                    closed = e;
                }
            }
            assertTrue(
                    closed != null
                            && closed.getMessage()
                                    .equals("the connection was closed by 127.0.0.1:" + server.getLocalPort()),
                    String.valueOf(closed));
            assertFalse(engine.loginRefused(), "no SASL outcome came");
        }
    }

    @Test
    void aWaitEndsAtAnInterruptAndAPumpFailsOnceClosedFromAnotherThread() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                AmqpEngine engine = AmqpEngine.connect(endpoint(server.getLocalPort(), null), Duration.ofSeconds(2));
                Socket peer = server.accept()) {
            engine.pump(10, () -> true, event -> {});
            CompletableFuture.runAsync(() -> {
                sleep(200); // the interrupt comes while the engine waits, as it does in use
                engine.interruptWait();
            });
            long started = System.nanoTime();
            engine.pump(10_000, () -> true, event -> {});
            long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(waitedMillis < 5_000, "woken after " + waitedMillis + " ms, not at the 10 s limit");

            CompletableFuture.runAsync(() -> {
                sleep(200); // the close comes from another thread while the engine waits
                engine.close();
            });
            started = System.nanoTime();
            IOException error = assertThrows(IOException.class, () -> {
                while (true) {
                    engine.pump(10_000, () -> true, event -> {});
                }
            });
            waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(waitedMillis < 5_000, "stopped after " + waitedMillis + " ms: " + error);
            assertTrue(engine.closed());
        }
    }

    private static byte[] readFully(InputStream in, int length) throws IOException {
        byte[] bytes = in.readNBytes(length);
        assertEquals(length, bytes.length, "read " + new String(bytes, StandardCharsets.ISO_8859_1));
        return bytes;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
