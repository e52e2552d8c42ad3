package org.maestro.driver;

import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;

/**
 * Says what went wrong in a failed TLS handshake, and what to do: a certificate the JVM does not trust, a certificate
 * that does not name the host, or another handshake failure (often a port that does not speak TLS).
 */
public final class TlsFailures {
    private TlsFailures() {}

    /** The explanation of the TLS failure in {@code e}'s cause chain, or null when there is none. */
    public static String explain(Throwable e, String host) {
        SSLException tls = null;
        String trust = null;
        String name = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (t instanceof SSLException ssl && tls == null) {
                tls = ssl;
            }
            if (message.contains("PKIX path")
                    || message.contains("unable to find valid certification path")
                    || t instanceof CertPathValidatorException) {
                trust = message;
            } else if (message.contains("No subject alternative")
                    || message.contains("No name matching")
                    || (t instanceof CertificateException && message.contains("match"))) {
                name = message;
            }
        }
        if (tls == null) {
            return null;
        }
        if (trust != null) {
            return "the broker's TLS certificate is not trusted (" + trust + "): add the certificate of the CA "
                    + "that signed it to a trust store and start the JVM with -Djavax.net.ssl.trustStore=<file> "
                    + "-Djavax.net.ssl.trustStorePassword=<password>";
        }
        if (name != null) {
            return "the broker's TLS certificate does not name the host '" + host + "' (" + name + "): connect "
                    + "with a host name the certificate names, or give the broker a certificate for this one";
        }
        return "the TLS handshake failed (" + tls.getMessage() + "): does the port speak TLS, and do the JVM and "
                + "the broker share a TLS version and cipher?";
    }
}
