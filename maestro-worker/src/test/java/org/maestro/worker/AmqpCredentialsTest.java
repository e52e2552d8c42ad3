package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * The two AMQP 1.0 drivers (Qpid JMS {@code amqp://}, Proton-J {@code proton://}) against an embedded Artemis with
 * security on: the right user and password carry messages; a wrong password, and no credentials, are refused with a
 * message that names the user and the URL, never the password.
 */
class AmqpCredentialsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static EmbeddedArtemis broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedArtemis.builder()
                .amqp()
                .name("worker-credentials")
                .withoutJmx()
                .user("maestro", "r1ght-pa55")
                .start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private static String url(String scheme, String userInfo, String queue) {
        return scheme + "://" + userInfo + broker.host() + ":" + broker.amqpPort() + "/" + queue;
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void theRightPasswordCarriesMessages(String scheme) throws Exception {
        String url = url(scheme, "maestro:r1ght-pa55@", "credentials." + UUID.randomUUID());
        Set<Long> received = ConcurrentHashMap.newKeySet();
        try (DriverConnection receiver = Drivers.forUrl(url).connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = Drivers.forUrl(url).connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer(
                    (body, micros) -> received.add(ByteBuffer.wrap(body).getLong()));
            DriverProducer producer = sender.createProducer();
            for (long i = 0; i < 20; i++) {
                producer.send(ByteBuffer.allocate(16).putLong(0, i).array(), 16);
            }
            await("every message through the secured broker").atMost(TIMEOUT).until(() -> received.size() >= 20);
        }
        assertEquals(20, received.size(), "every message through the secured broker");
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void aWrongPasswordIsRefusedNamingTheUserAndTheUrlWithoutThePassword(String scheme) throws Exception {
        String url = url(scheme, "maestro:wr0ng-pa55@", "credentials.refused");
        DriverException error = assertThrows(
                DriverException.class, () -> Drivers.forUrl(url).connect(url, MicroClock.system(), TIMEOUT));
        String message = error.getMessage();
        assertTrue(message.contains("refused the login of user 'maestro'"), message);
        assertTrue(message.contains(scheme + "://***@" + broker.host() + ":" + broker.amqpPort()), message);
        assertTrue(message.contains("check the user name and password in the URL"), message);
        assertFalse(message.contains("wr0ng-pa55"), message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"amqp", "proton"})
    void noCredentialsAreRefusedAskingForThem(String scheme) throws Exception {
        String url = url(scheme, "", "credentials.refused");
        DriverException error = assertThrows(
                DriverException.class, () -> Drivers.forUrl(url).connect(url, MicroClock.system(), TIMEOUT));
        assertTrue(error.getMessage().contains("refused the anonymous login"), error.getMessage());
        assertTrue(error.getMessage().contains("give a user and password in the URL"), error.getMessage());
    }
}
