package org.maestro.driver;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Explains why a connection to the system under test failed, in words a user can act on: nothing listening, an
 * unknown host, or a server that speaks another protocol than the driver (AMQP 1.0 against a RabbitMQ AMQP 0-9-1 port,
 * and the reverse).
 */
public final class ConnectFailures {
    /** What to do when an AMQP 1.0 URL reached a server that answered in AMQP 0-9-1. */
    static final String USE_RABBITMQ_DRIVER = "use rabbitmq://host:5672/?queue=<name> (the RabbitMQ driver speaks "
            + "AMQP 0-9-1), or the port of RabbitMQ's AMQP 1.0 plugin with amqp://";
    /** What to do when a RabbitMQ URL reached a server that answered in AMQP 1.0. */
    static final String USE_AMQP_10_DRIVER =
            "use amqp://host:port/<address> (the AMQP 1.0 driver), or the port of a RabbitMQ " + "AMQP 0-9-1 listener";

    private ConnectFailures() {}

    /**
     * The explanation of a failed connection in {@code e}'s cause chain, e.g. {@code connection refused: nothing
     * listens on 127.0.0.1:1 …}, or null when none is known (then the driver quotes the client library).
     *
     * @param address {@code host:port}, as the user wrote it
     */
    public static String explain(Throwable e, String address) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage());
            String lower = message.toLowerCase(Locale.ROOT);
            if (lower.contains("sasl header mismatch value 0") || lower.contains("amqp header mismatch value 0")) {
                return "protocol mismatch: " + address + " answered in AMQP 0-9-1 (RabbitMQ's own protocol), not "
                        + "AMQP 1.0: " + USE_RABBITMQ_DRIVER;
            }
            if (lower.contains("header mismatch")) {
                return "protocol mismatch: " + address + " does not speak AMQP 1.0 (" + message + "): check the port";
            }
            // the RabbitMQ client: "AMQP protocol version mismatch; we are version 0-9-1, server sent signature
            // 3,1,0,0"
            if (lower.contains("protocol version mismatch") && lower.matches("(?s).*signature \\d+,1,0,0.*")) {
                return "protocol mismatch: " + address + " answered in AMQP 1.0, not AMQP 0-9-1: " + USE_AMQP_10_DRIVER;
            }
            if (lower.contains("protocol version mismatch")) {
                return "protocol mismatch: " + address + " does not speak AMQP 0-9-1 (" + message + "): check the port";
            }
            if (t instanceof ConnectException || lower.contains("connection refused")) {
                return "connection refused: nothing listens on " + address
                        + "; is the system under test running, and is the port right?";
            }
            if (t instanceof UnknownHostException) {
                return "unknown host (" + message + "): check the host name in the URL";
            }
            if (t instanceof NoRouteToHostException) {
                return "no route to " + address + ": check the host and the network";
            }
        }
        return null;
    }
}
