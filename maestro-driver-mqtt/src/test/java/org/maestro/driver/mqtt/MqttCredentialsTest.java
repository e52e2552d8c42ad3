package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.testing.Commands;
import org.maestro.testing.MosquittoProcess;

/**
 * A Mosquitto of the test's own with a password file (made by {@code mosquitto_passwd}) and
 * {@code allow_anonymous false}: the right password carries messages; a wrong one, and none, are refused with a
 * message naming the user and the URL, never the password.
 */
class MqttCredentialsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static MosquittoProcess mosquitto;

    @BeforeAll
    static void startBroker() throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-login-");
        Commands.run(
                directory,
                List.of(MosquittoProcess.tool("mosquitto_passwd"), "-c", "-b", "passwd", "maestro", "r1ght-pa55"));
        mosquitto = MosquittoProcess.start(
                "allow_anonymous false",
                "password_file " + directory.resolve("passwd").toAbsolutePath(),
                MosquittoProcess.sameUser());
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (mosquitto != null) {
            mosquitto.close();
        }
    }

    private static String url(String userInfo) {
        return "mqtt://" + userInfo + "127.0.0.1:" + mosquitto.port() + "/maestro/login/" + UUID.randomUUID();
    }

    @Test
    void theRightPasswordCarriesMessages() throws Exception {
        String url = url("maestro:r1ght-pa55@");
        AtomicInteger received = new AtomicInteger();
        try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sender.createProducer();
            for (int i = 0; i < 20; i++) {
                producer.send(new byte[32], 32);
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (received.get() < 20 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        assertEquals(20, received.get());
    }

    @ParameterizedTest(name = "MQTT version {0}")
    @ValueSource(ints = {3, 5})
    void aWrongPasswordIsRefusedNamingTheUserAndTheUrlWithoutThePassword(int version) {
        DriverException error = assertThrows(
                DriverException.class,
                () -> new MqttDriver()
                        .connect(url("maestro:wr0ng-pa55@") + "?version=" + version, MicroClock.system(), TIMEOUT));
        String message = error.getMessage();
        assertTrue(message.contains("refused the login of user 'maestro'"), message);
        assertTrue(message.contains("mqtt://***@127.0.0.1:" + mosquitto.port() + "/maestro/login/"), message);
        assertTrue(message.contains("check the user name and password in the URL"), message);
        assertFalse(message.contains("wr0ng-pa55"), message);
    }

    @Test
    void noCredentialsAreRefusedAskingForThem() {
        DriverException error = assertThrows(
                DriverException.class, () -> new MqttDriver().connect(url(""), MicroClock.system(), TIMEOUT));
        assertTrue(error.getMessage().contains("refused the connection without credentials"), error.getMessage());
        assertTrue(error.getMessage().contains("give a user and password in the URL"), error.getMessage());
    }
}
