package org.maestro.common.transport;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;
import org.eclipse.paho.client.mqttv3.MqttException;

/** Turns a failed connection to the control broker into a message that says what went wrong and what to do. */
final class ConnectFailure {
    private static final String CREDENTIALS = "give them in the URL (--maestro-url or MAESTRO_BROKER) as "
            + "mqtt://user:password@host:port, or the user there and the password in " + MqttEndpoint.PASSWORD_VARIABLE;

    private ConnectFailure() {}

    /** The message for a connect that failed; never contains the password. */
    static String explain(MqttEndpoint endpoint, MqttException e) {
        int reason = e.getReasonCode();
        if (reason == MqttException.REASON_CODE_NOT_AUTHORIZED
                || reason == MqttException.REASON_CODE_FAILED_AUTHENTICATION) {
            return refusedLogin(endpoint, reason);
        }
        SSLException tls = find(e, SSLException.class);
        if (tls != null) {
            return failedHandshake(endpoint, tls);
        }
        return "cannot connect to the control broker at " + endpoint + ": " + describe(e)
                + "; check that an MQTT broker (e.g. Mosquitto) runs there and the URL is right"
                + (endpoint.tls() ? " (mqtt:// for a listener without TLS)" : " (mqtts:// for a TLS listener)");
    }

    /** The message for a subscription the broker did not grant. */
    static String refusedSubscription(MqttEndpoint endpoint, String topic, MqttException e) {
        String who = endpoint.user() == null ? "anonymous clients" : "user '" + endpoint.user() + "'";
        if (e.getReasonCode() == MqttException.REASON_CODE_SUBSCRIBE_FAILED) {
            return "the control broker at " + endpoint + " refused the subscription to " + topic + ": its ACL must "
                    + "let " + who + " read " + topic + " (see docker/mosquitto/acl)";
        }
        return "cannot subscribe to " + topic + " on " + endpoint + ": " + describe(e);
    }

    /** Paho's message, reason code and cause, in one line. */
    static String describe(MqttException e) {
        Throwable cause = e.getCause();
        String reason = e.getMessage() + " (reason " + e.getReasonCode() + ")";
        return cause != null ? reason + ", " + cause : reason;
    }

    private static String refusedLogin(MqttEndpoint endpoint, int reason) {
        String prefix = "the control broker at " + endpoint + " refused ";
        String answer =
                reason == MqttException.REASON_CODE_NOT_AUTHORIZED ? "not authorized" : "bad user name or password";
        if (endpoint.user() == null) {
            return prefix + "an anonymous connection (" + answer + "): it needs a user name and password; "
                    + CREDENTIALS;
        }
        if (endpoint.password() == null) {
            return prefix + "user '" + endpoint.user() + "' without a password (" + answer + "): the URL names no "
                    + "password and " + MqttEndpoint.PASSWORD_VARIABLE + " is not set; " + CREDENTIALS;
        }
        return prefix + "user '" + endpoint.user() + "' (" + answer + "): the password is wrong or the user is not in "
                + "the broker's password file (mosquitto_passwd); check the password given in the URL or in "
                + MqttEndpoint.PASSWORD_VARIABLE;
    }

    private static String failedHandshake(MqttEndpoint endpoint, SSLException tls) {
        String prefix =
                "the TLS handshake with the control broker at " + endpoint + " failed (" + tls.getMessage() + "): ";
        if (!endpoint.tls()) {
            return prefix + "check the URL";
        }
        if (find(tls, CertPathBuilderException.class) != null || find(tls, CertPathValidatorException.class) != null) {
            return prefix + "this JVM does not trust the broker's certificate; give it a trust store that holds the "
                    + "certificate of the CA that signed it, e.g. MAESTRO_JAVA_OPTS=\"-Djavax.net.ssl.trustStore="
                    + "/etc/maestro/control-ca.p12 -Djavax.net.ssl.trustStorePassword=…\"";
        }
        if (find(tls, CertificateException.class) != null) {
            return prefix + "the broker's certificate does not name the host " + endpoint.host() + " (or is not valid "
                    + "now); connect with a host name the certificate holds in its subjectAltName, or issue it again";
        }
        return prefix + "check that port " + endpoint.port() + " is the broker's TLS listener (mqtt:// for a plain "
                + "one) and that Java and the broker share a TLS version";
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
