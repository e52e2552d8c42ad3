package org.maestro.amqp.engine;

/**
 * Where and how an {@link AmqpEngine} connects: host and port, TLS or not, the SASL user (PLAIN) or none (ANONYMOUS),
 * and the container id the peer sees.
 *
 * @param host        the host name or address
 * @param port        the TCP port
 * @param tls         true to speak TLS (the JVM's default trust store; the peer's certificate is checked, not its
 *                    host name)
 * @param user        the user of SASL PLAIN, or null for SASL ANONYMOUS
 * @param password    the password of SASL PLAIN ("" when null with a user)
 * @param containerId the container id of the connection
 */
public record AmqpEndpoint(String host, int port, boolean tls, String user, String password, String containerId) {

    /** {@code host:port}, for messages. */
    public String address() {
        return host + ":" + port;
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return (tls ? "amqps://" : "amqp://") + (user == null ? "" : "***@") + address();
    }
}
