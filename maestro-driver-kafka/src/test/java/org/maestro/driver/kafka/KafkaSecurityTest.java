package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.testing.LogCapture;
import org.maestro.testing.TestCertificates;

/**
 * The Kafka driver's user and password (SASL PLAIN) and TLS against a KRaft broker of this JVM with a SASL and a TLS
 * listener ({@link InJvmKafka#startSecured}), whose certificate a test CA signed: what works, what is refused and
 * what the errors and the log show (never a password).
 */
class KafkaSecurityTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String WRONG_PASSWORD = "not-alices-password";

    @TempDir
    static Path folder;

    private static TestCertificates certificates;
    private static TestCertificates otherCa;
    private static InJvmKafka kafka;
    private final KafkaDriver driver = new KafkaDriver();
    private LogCapture log;
    private String topic;

    @BeforeAll
    static void startBroker() throws Exception {
        certificates = TestCertificates.create(folder.resolve("ca"));
        otherCa = TestCertificates.create(folder.resolve("other-ca"));
        Path pem = folder.resolve("broker.pem");
        Files.writeString(
                pem,
                Files.readString(certificates.directory().resolve("server.key"))
                        + Files.readString(certificates.directory().resolve("server.crt")));
        kafka = InJvmKafka.startSecured(pem);
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.stop();
        }
    }

    @BeforeEach
    void nameTopicAndCaptureTheLog() {
        topic = "maestro-secure-" + UUID.randomUUID();
        log = LogCapture.start();
    }

    @AfterEach
    void deleteTopic() throws Exception {
        log.stop();
        kafka.deleteTopic(topic);
    }

    @Test
    void connectsWithTheUserAndPasswordOfTheUrl() throws Exception {
        String password = InJvmKafka.USERS.get("alice");
        sendsAndReceives("kafka://alice:" + password + "@" + kafka.saslBootstrap() + "/" + topic);
        assertFalse(log.text().contains(password), "the log shows alice's password");
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheUserAndTheUrlNotThePassword() {
        String url = "kafka://alice:" + WRONG_PASSWORD + "@" + kafka.saslBootstrap() + "/" + topic;
        DriverException e = DriverChecks.refusedInTime(driver, url, TIMEOUT);
        assertTrue(
                e.getMessage()
                        .contains("the Kafka cluster at kafka://***@" + kafka.saslBootstrap() + "/" + topic
                                + " refused the login of user 'alice'"),
                e.getMessage());
        assertTrue(e.getMessage().contains("check the user name and password in the URL"), e.getMessage());
        assertFalse(e.getMessage().contains(WRONG_PASSWORD), e.getMessage());
        assertFalse(log.text().contains(WRONG_PASSWORD), "the log shows the password");
    }

    @Test
    void connectsWithTlsAndTheTrustStoreOfTheUrl() throws Exception {
        sendsAndReceives("kafkas://" + kafka.tlsBootstrap() + "/" + topic + trustStore(certificates));
        assertFalse(
                log.text().contains("password=" + TestCertificates.TRUST_STORE_PASSWORD),
                "the log shows the trust store's password");
    }

    @Test
    void aTrustStoreWithoutTheBrokersCaGivesAClearError() {
        String url = "kafkas://" + kafka.tlsBootstrap() + "/" + topic + trustStore(otherCa);
        DriverException e = DriverChecks.refusedInTime(driver, url, TIMEOUT);
        assertTrue(
                e.getMessage().contains("the TLS handshake with Kafka at kafkas://" + kafka.tlsBootstrap()),
                e.getMessage());
        assertTrue(e.getMessage().contains("certificate is not trusted"), e.getMessage());
        assertTrue(e.getMessage().contains("client.ssl.truststore.location="), e.getMessage());
        assertFalse(e.getMessage().contains(TestCertificates.TRUST_STORE_PASSWORD), e.getMessage());
    }

    private static String trustStore(TestCertificates ca) {
        return "?client.ssl.truststore.location=" + ca.trustStore() + "&client.ssl.truststore.type=PKCS12"
                + "&client.ssl.truststore.password=" + TestCertificates.TRUST_STORE_PASSWORD;
    }

    private void sendsAndReceives(String url) throws Exception {
        DriverChecks.carriesInSequence(driver, url, 100, TIMEOUT, true);
    }
}
