package org.maestro.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.testing.LocalRabbitMq;
import org.maestro.testing.TestCertificates;

/**
 * {@code rabbitmqs://} against two TLS listeners the test adds to the machine's RabbitMQ while it runs: one with a
 * certificate signed by a CA the JVM's trust store holds, one with a self-signed certificate it does not trust.
 */
class RabbitTlsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static RabbitTlsListeners listeners;
    private static TestCertificates.JvmTrustStore trustStore;
    private static int trustedPort;
    private static int untrustedPort;

    @BeforeAll
    static void listeners() throws Exception {
        LocalRabbitMq.assumeRabbitmqctl(); // it adds the TLS listeners to the broker
        Path directory = Files.createTempDirectory("maestro-rabbit-tls-");
        TestCertificates certificates = TestCertificates.create(directory);
        certificates.selfSigned("stranger");
        // the driver uses the JVM's default SSL context: this must be set before anything in this JVM makes it
        trustStore = certificates.trustedByTheJvm();
        listeners = RabbitTlsListeners.start(directory, "server", "stranger");
        trustedPort = listeners.port(0);
        untrustedPort = listeners.port(1);
    }

    @AfterAll
    static void removeListeners() throws Exception {
        if (listeners != null) {
            listeners.close();
        }
        if (trustStore != null) {
            trustStore.close();
        }
    }

    @Test
    void aTrustedCertificateCarriesEveryMessage() throws Exception {
        String queue = LocalRabbitMq.uniqueName();
        try {
            DriverChecks.carriesInSequence(
                    new RabbitDriver(),
                    "rabbitmqs://guest:guest@127.0.0.1:" + trustedPort + "/?queue=" + queue + "&declare=true",
                    500,
                    TIMEOUT,
                    true);
        } finally {
            LocalRabbitMq.deleteQueue(queue);
        }
    }

    @Test
    void anUntrustedCertificateIsRefusedSayingWhatToDo() {
        String url = "rabbitmqs://guest:s3cret@127.0.0.1:" + untrustedPort + "/?queue=never-declared";
        DriverChecks.assertUntrustedCertificateRefused(
                assertThrows(
                        DriverException.class,
                        () -> new RabbitDriver()
                                .connect(url, MicroClock.system(), TIMEOUT)
                                .close()),
                "rabbitmqs://***@127.0.0.1:" + untrustedPort,
                "s3cret");
    }

    @Test
    void aPlainPortIsRefusedAsAFailedHandshake() {
        String url = "rabbitmqs://guest:guest@127.0.0.1:" + LocalRabbitMq.PORT + "/?queue=never-declared";
        DriverException error = assertThrows(
                DriverException.class,
                () -> new RabbitDriver()
                        .connect(url, MicroClock.system(), Duration.ofSeconds(5))
                        .close());
        assertTrue(error.getMessage().contains("cannot connect to rabbitmqs://***@127.0.0.1:5672"), error.getMessage());
        assertTrue(error.getMessage().contains("the TLS handshake failed"), error.getMessage());
        assertTrue(error.getMessage().contains("does the port speak TLS"), error.getMessage());
    }
}
