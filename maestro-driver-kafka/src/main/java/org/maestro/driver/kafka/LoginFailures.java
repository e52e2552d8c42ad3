package org.maestro.driver.kafka;

import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.maestro.driver.Causes;
import org.maestro.driver.DriverException;
import org.maestro.driver.TlsFailures;

/**
 * Says what to do when Kafka refused a client: a SASL login it refused (naming the user, never the password) or a
 * TLS handshake that failed (naming the trust store options).
 */
final class LoginFailures {
    private LoginFailures() {}

    /** The error for a refused login or failed TLS handshake in {@code cause}'s chain, or null for any other. */
    static DriverException explain(KafkaUrl url, Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SaslAuthenticationException) {
                return new DriverException(
                        "the Kafka cluster at " + url
                                + (url.user() == null
                                        ? " refused the connection without a login (" + t.getMessage()
                                                + "): give a user and "
                                                + "password in the URL (kafka://user:password@host:9092/topic)"
                                        : " refused the login of user '" + url.user() + "' (" + t.getMessage()
                                                + "): check the " + "user name and password in the URL"),
                        cause);
            }
            if (t instanceof SslAuthenticationException) {
                String first = url.bootstrap().split(",")[0];
                String host = first.substring(0, first.lastIndexOf(':'));
                String explained = TlsFailures.explain(t, host);
                return new DriverException(
                        "the TLS handshake with Kafka at " + url + " failed: "
                                + (explained == null ? Causes.describe(t) : explained) + "; a trust store may also be "
                                + "given in the URL: client.ssl.truststore.location=<file>&client.ssl.truststore.password="
                                + "<password>",
                        cause);
            }
        }
        return null;
    }
}
