package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** The explanations of failed connections: what happened, in the user's terms, and what to do. */
class ConnectFailuresTest {

    @Test
    void aRefusedConnectionSaysNothingListensThere() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        ConnectException refused = null;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        } catch (ConnectException e) {
            refused = e;
        }
        assertTrue(refused != null, "port " + port + " was expected to refuse");
        String explained = ConnectFailures.explain(new IOException("wrapped", refused), "127.0.0.1:" + port);
        assertTrue(explained.startsWith("connection refused: nothing listens on 127.0.0.1:" + port + "; "), explained);
    }

    @Test
    void qpidsHeaderMismatchFromAnAmqp091ServerNamesTheRabbitMqDriver() {
        String explained = ConnectFailures.explain(
                new IOException(
                        "connection failed",
                        new IllegalStateException("AMQP SASL header mismatch value 0, expecting 3. In state: HEADER4")),
                "127.0.0.1:5672");
        assertEquals(
                "protocol mismatch: 127.0.0.1:5672 answered in AMQP 0-9-1 (RabbitMQ's own protocol), not AMQP 1.0: "
                        + ConnectFailures.USE_RABBITMQ_DRIVER,
                explained);
    }

    @Test
    void theRabbitMqClientsVersionMismatchFromAnAmqp10ServerNamesTheAmqpDriver() {
        String explained = ConnectFailures.explain(
                new IOException(
                        "connection error",
                        new IOException("AMQP protocol version mismatch; we are version 0-9-1, server sent signature "
                                + "3,1,0,0")),
                "broker:5672");
        assertEquals(
                "protocol mismatch: broker:5672 answered in AMQP 1.0, not AMQP 0-9-1: "
                        + ConnectFailures.USE_AMQP_10_DRIVER,
                explained);
    }

    @Test
    void anUnknownFailureIsLeftToTheDriver() {
        assertNull(ConnectFailures.explain(new IOException("handshake timed out"), "broker:5672"));
    }
}
