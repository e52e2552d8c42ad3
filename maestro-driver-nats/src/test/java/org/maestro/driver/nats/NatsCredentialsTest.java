package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.testing.NatsServerProcess;

/** A NATS server of the test's own that asks for a user and password: the right ones work, wrong ones are named. */
class NatsCredentialsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** jnats reports a refused login only when the connect timeout ends. */
    private static final Duration REFUSAL_TIMEOUT = Duration.ofSeconds(2);

    private static NatsServerProcess server;

    @BeforeAll
    static void startServer() throws Exception {
        server = NatsServerProcess.start(List.of("--user", "maestro", "--pass", "r1ght-pa55"));
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    private static String url(String userInfo) {
        return "nats://" + userInfo + "@127.0.0.1:" + server.port() + "/maestro.credentials";
    }

    @Test
    void theRightPasswordCarriesMessages() throws Exception {
        AtomicInteger received = new AtomicInteger();
        NatsDriver driver = new NatsDriver();
        try (DriverConnection receiver = driver.connect(url("maestro:r1ght-pa55"), MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url("maestro:r1ght-pa55"), MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            for (long i = 0; i < 10; i++) {
                sender.createProducer()
                        .send(ByteBuffer.allocate(8).putLong(0, i).array(), 8);
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (received.get() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        assertTrue(received.get() == 10, received.get() + " of 10 messages");
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheUserAndTheUrlWithoutThePassword() {
        DriverException error = assertThrows(
                DriverException.class,
                () -> new NatsDriver().connect(url("maestro:wr0ng-pa55"), MicroClock.system(), REFUSAL_TIMEOUT));
        String message = error.getMessage();
        assertTrue(message.contains("refused the login of user 'maestro'"), message);
        assertTrue(message.contains("nats://***@127.0.0.1:" + server.port() + "/maestro.credentials"), message);
        assertTrue(message.contains("check the user name and password"), message);
        assertFalse(message.contains("wr0ng-pa55"), message);
    }

    @Test
    void noCredentialsAtAllAreRefusedAskingForThem() {
        DriverException error = assertThrows(
                DriverException.class,
                () -> new NatsDriver()
                        .connect(
                                "nats://127.0.0.1:" + server.port() + "/maestro.credentials",
                                MicroClock.system(),
                                REFUSAL_TIMEOUT));
        assertTrue(error.getMessage().contains("refused the connection without credentials"), error.getMessage());
        assertTrue(error.getMessage().contains("nats://user:password@"), error.getMessage());
    }
}
