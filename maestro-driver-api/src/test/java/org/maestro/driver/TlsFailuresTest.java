package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** How {@link TlsFailures} words the TLS failures the JVM reports, as the JVM words them. */
class TlsFailuresTest {

    @Test
    void anUntrustedCertificateNamesTheTrustStoreSettings() {
        SSLHandshakeException handshake = new SSLHandshakeException(
                "PKIX path building failed: " + "unable to find valid certification path to requested target");
        String text = TlsFailures.explain(new IOException("connect", handshake), "broker");
        assertTrue(text.startsWith("the broker's TLS certificate is not trusted"), text);
        assertTrue(text.contains("-Djavax.net.ssl.trustStore=<file>"), text);
    }

    @Test
    void aCertificateForAnotherHostNamesTheHost() {
        SSLHandshakeException handshake =
                new SSLHandshakeException("No subject alternative names matching IP " + "address 10.0.0.1 found");
        handshake.initCause(
                new CertificateException("No subject alternative names matching IP address 10.0.0.1 " + "found"));
        String text = TlsFailures.explain(handshake, "10.0.0.1");
        assertTrue(text.startsWith("the broker's TLS certificate does not name the host '10.0.0.1'"), text);
    }

    @Test
    void anotherHandshakeFailureAsksWhetherThePortSpeaksTls() {
        String text = TlsFailures.explain(new SSLHandshakeException("Unsupported or unrecognized SSL message"), "h");
        assertTrue(text.startsWith("the TLS handshake failed (Unsupported or unrecognized SSL message)"), text);
    }

    @Test
    void aFailureWithoutTlsIsNotExplained() {
        assertNull(TlsFailures.explain(new IOException("Connection refused"), "h"));
    }
}
