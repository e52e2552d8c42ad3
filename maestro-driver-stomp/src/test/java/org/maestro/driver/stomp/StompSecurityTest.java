package org.maestro.driver.stomp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.LogCapture;
import org.maestro.testing.TestCertificates;

/**
 * The STOMP driver's login and TLS against an Artemis broker in this JVM with security on (one user) and, besides
 * its plain STOMP acceptor, two TLS ones: one whose certificate a test CA in the JVM's trust store signed, one with a
 * self-signed certificate it does not trust. Errors and the log never show the password.
 */
class StompSecurityTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final String USER = "maestro";
    private static final String PASSWORD = "stomp-s3cret";
    private static final String WRONG_PASSWORD = "not-the-stomp-password";

    @TempDir
    static Path folder;

    private static EmbeddedArtemis broker;
    private static TestCertificates.JvmTrustStore trustStore;
    private static int trustedPort;
    private static int untrustedPort;
    private final StompDriver driver = new StompDriver();
    private LogCapture log;

    @BeforeAll
    static void startBroker() throws Exception {
        TestCertificates certificates = TestCertificates.create(folder);
        certificates.selfSigned("stranger");
        // the driver's TLS uses the JVM's trust store, as a worker started with -Djavax.net.ssl.trustStore would
        trustStore = certificates.trustedByTheJvm();
        broker = EmbeddedArtemis.builder()
                .stomp()
                .user(USER, PASSWORD)
                .name("maestro-stomp-security-test")
                .withoutJmx()
                .start();
        trustedPort = FreePorts.next();
        untrustedPort = FreePorts.next();
        tlsAcceptor("stomp-tls", trustedPort, certificates.keyStore("server"));
        tlsAcceptor("stomp-tls-self-signed", untrustedPort, certificates.keyStore("stranger"));
    }

    private static void tlsAcceptor(String name, int port, Path keyStore) throws Exception {
        broker.server()
                .getRemotingService()
                .createAcceptor(
                        name,
                        "tcp://127.0.0.1:" + port + "?protocols=STOMP;"
                                + "anycastPrefix=/queue/;multicastPrefix=/topic/;sslEnabled=true;keyStorePath="
                                + keyStore
                                + ";keyStoreType=PKCS12;keyStorePassword=" + TestCertificates.TRUST_STORE_PASSWORD)
                .start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
        if (trustStore != null) {
            trustStore.close();
        }
    }

    @BeforeEach
    void captureTheLog() {
        log = LogCapture.start();
    }

    @AfterEach
    void stopCapturing() {
        log.stop();
    }

    private static String queue() {
        return "/queue/maestro-" + UUID.randomUUID();
    }

    @Test
    void sendsAndReceivesOverTlsWithTheUserOfTheUrl() throws Exception {
        DriverChecks.carriesInSequence(
                driver,
                "stomp+ssl://" + USER + ":" + PASSWORD + "@127.0.0.1:" + trustedPort + queue(),
                200,
                TIMEOUT,
                true);
        assertFalse(log.text().contains(PASSWORD), "the log shows the password");
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheUserAndTheUrlNotThePassword() {
        String destination = queue();
        String url = broker.stompUrl(destination).replace("stomp://", "stomp://" + USER + ":" + WRONG_PASSWORD + "@");
        DriverException e = DriverChecks.refusedInTime(driver, url, TIMEOUT);
        assertTrue(
                e.getMessage()
                        .startsWith("the STOMP server at stomp://***@127.0.0.1:" + broker.stompPort() + destination
                                + " refused the connection of user '" + USER + "': "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(": check the user name and password in the URL"), e.getMessage());
        assertFalse(e.getMessage().contains(WRONG_PASSWORD), e.getMessage());
        assertFalse(log.text().contains(WRONG_PASSWORD), "the log shows the password");
    }

    @Test
    void anUntrustedCertificateIsRefusedSayingSo() {
        String url = "stomp+ssl://" + USER + ":" + PASSWORD + "@127.0.0.1:" + untrustedPort + queue();
        DriverChecks.assertUntrustedCertificateRefused(
                assertThrows(
                        DriverException.class,
                        () -> driver.connect(url, MicroClock.system(), TIMEOUT).close()),
                "stomp+ssl://***@127.0.0.1:" + untrustedPort + "/queue/",
                PASSWORD);
    }
}
