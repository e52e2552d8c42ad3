package org.maestro.cli.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The embedded SUT knows its URL at once, recognises it in any form a script writes, and starts only on demand. */
class EmbeddedSutTest {

    @Test
    void recognisesItsOwnUrlInEveryFormAndNoOther() {
        try (EmbeddedSut sut = EmbeddedSut.onFreePort(false, note -> {})) {
            int port = sut.port();
            assertTrue(sut.serves(sut.base() + "/test.queue"));
            assertTrue(sut.serves("amqp://localhost:" + port + "/q"));
            assertTrue(sut.serves("failover:(amqp://127.0.0.1:" + port + ")/test.queue?failover.reconnectDelay=200"));
            assertTrue(sut.serves("amqp://user:secret@127.0.0.1:" + port + "/q"));
            assertTrue(sut.serves(sut.stompBase() + "/queue/test"), "its STOMP acceptor too");
            assertFalse(sut.serves("amqp://127.0.0.1:" + (port + 1) + "/test.queue"));
            assertFalse(sut.serves("amqp://router.lab:" + port + "/test.queue"));
            assertFalse(sut.serves("amqp://127.0.0.1:" + port + "1/test.queue"));
            assertFalse(sut.serves(null));
            assertFalse(sut.started(), "recognising a URL starts nothing");
        }
    }

    @Test
    void startsOnDemandOnceAndNamesItsBrokerInTheManagementUrl() throws Exception {
        List<String> notes = new ArrayList<>();
        try (EmbeddedSut sut = EmbeddedSut.onFreePort(false, notes::add)) {
            assertFalse(listening(sut.port()));
            String management = sut.managementUrl();
            assertTrue(sut.started());
            assertTrue(listening(sut.port()));
            assertTrue(
                    listening(Integer.parseInt(
                            sut.stompBase().substring(sut.stompBase().lastIndexOf(':') + 1))),
                    "the STOMP acceptor listens");
            assertTrue(management.endsWith("/console/jolokia?broker=" + EmbeddedSut.BROKER_NAME), management);
            sut.start();
            assertEquals(1, notes.size(), "one start: " + notes);
            sut.stop();
            assertFalse(listening(sut.port()), "stopped by the agent");
            sut.startAgain();
            assertTrue(listening(sut.port()), "started again on the same port");
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
