package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.testing.MosquittoProcess;
import org.maestro.testing.TestCertificates;

/**
 * {@code mqtts://} over MQTT 3.1.1 and MQTT 5 against a Mosquitto the test starts with two TLS listeners: one with a
 * certificate signed by a CA the JVM's trust store holds, one with a self-signed certificate it does not trust.
 */
class MqttTlsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static MosquittoProcess mosquitto;
    private static TestCertificates.JvmTrustStore trustStore;
    private static int trustedPort;
    private static int untrustedPort;

    @BeforeAll
    static void startBroker() throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-tls-");
        TestCertificates certificates = TestCertificates.create(directory);
        certificates.selfSigned("stranger");
        // the driver uses the JVM's default SSL context: this must be set before anything in this JVM makes it
        trustStore = certificates.trustedByTheJvm();
        trustedPort = FreePorts.next();
        untrustedPort = FreePorts.next();
        mosquitto = MosquittoProcess.start(
                directory,
                List.of(
                        "allow_anonymous true",
                        "persistence false",
                        MosquittoProcess.sameUser(),
                        "log_dest stdout",
                        "listener " + trustedPort + " 127.0.0.1",
                        "certfile " + directory.resolve("server.crt"),
                        "keyfile " + directory.resolve("server.key"),
                        "listener " + untrustedPort + " 127.0.0.1",
                        "certfile " + directory.resolve("stranger.crt"),
                        "keyfile " + directory.resolve("stranger.key")),
                trustedPort,
                untrustedPort);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (mosquitto != null) {
            mosquitto.close();
        }
        if (trustStore != null) {
            trustStore.close();
        }
    }

    @ParameterizedTest(name = "MQTT version {0}")
    @ValueSource(ints = {3, 5})
    void aTrustedCertificateCarriesEveryMessage(int version) throws Exception {
        DriverChecks.carriesInSequence(
                new MqttDriver(),
                "mqtts://127.0.0.1:" + trustedPort + "/maestro/tls/" + UUID.randomUUID() + "?qos=1&version=" + version,
                500,
                TIMEOUT,
                true);
    }

    @ParameterizedTest(name = "MQTT version {0}")
    @ValueSource(ints = {3, 5})
    void anUntrustedCertificateIsRefusedSayingWhatToDo(int version) {
        String url = "mqtts://maestro:s3cret@127.0.0.1:" + untrustedPort + "/maestro/tls?version=" + version;
        DriverChecks.assertUntrustedCertificateRefused(
                assertThrows(
                        DriverException.class,
                        () -> new MqttDriver()
                                .connect(url, MicroClock.system(), TIMEOUT)
                                .close()),
                "mqtts://***@127.0.0.1:" + untrustedPort,
                "s3cret");
    }
}
