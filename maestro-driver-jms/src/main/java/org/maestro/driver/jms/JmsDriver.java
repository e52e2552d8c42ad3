package org.maestro.driver.jms;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.base.net.UrlRedactor;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConnectFailures;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * The AMQP 1.0 driver, built on the Qpid JMS client: URLs {@code amqp://}, {@code amqps://}, {@code amqpws://},
 * {@code amqpwss://} and {@code failover:(…)}, with the options of {@link JmsUrl} (see docs/drivers.md).
 * Thread-safe.
 */
public final class JmsDriver implements Driver {
    private static final ExecutorService CONNECTORS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "maestro-jms-connect");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public Set<String> schemes() {
        return Set.of("amqp", "amqps", "amqpws", "amqpwss", "failover");
    }

    @Override
    public void check(String url) throws DriverException {
        factory(JmsUrl.parse(url), url);
    }

    /** A destination of {@code type=topic} is publish-subscribe, unless its receivers share a subscription. */
    @Override
    public boolean deliversToEveryReceiver(String url) throws DriverException {
        JmsUrl parsed = JmsUrl.parse(url);
        return parsed.topic() && parsed.subscription() == null;
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        JmsUrl parsed = JmsUrl.parse(url);
        JmsConnectionFactory factory = factory(parsed, url);
        // outcomes through the tracing hooks, unless the URL asks Qpid JMS for tracing of its own
        OutcomeTracer tracer = factory.getTracing() == null ? new OutcomeTracer(UrlRedactor.redact(url)) : null;
        if (tracer != null) {
            factory.setTracer(tracer.hooks());
        }
        AtomicReference<Connection> opened = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        Future<JmsDriverConnection> attempt = CONNECTORS.submit(() -> {
            Connection connection = factory.createConnection();
            opened.set(connection);
            if (abandoned.get()) {
                connection.close();
                throw new JMSException("abandoned");
            }
            return new JmsDriverConnection(connection, parsed, clock, tracer);
        });
        try {
            return attempt.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            abandoned.set(true);
            attempt.cancel(true);
            closeQuietly(opened.get());
            throw new DriverException("cannot connect to " + UrlRedactor.redact(url) + " within " + timeout.toMillis()
                    + " ms: is the system under test running and reachable?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandoned.set(true);
            attempt.cancel(true);
            closeQuietly(opened.get());
            throw new DriverException("interrupted while connecting to " + UrlRedactor.redact(url));
        } catch (ExecutionException e) {
            closeQuietly(opened.get());
            Throwable cause = e.getCause();
            if (cause instanceof JMSSecurityException) {
                throw new DriverException(loginRefused(url, factory.getUsername(), cause), cause);
            }
            String explained = ConnectFailures.explain(cause, address(url));
            throw new DriverException(
                    "cannot connect to " + UrlRedactor.redact(url) + ": "
                            + (explained != null ? explained : describe(cause)),
                    cause);
        }
    }

    /** The {@code host:port} of a URL, for an explanation; the URL itself (redacted) when it has several. */
    private static String address(String url) {
        try {
            java.net.URI uri = java.net.URI.create(url);
            if (uri.getHost() != null) {
                return uri.getHost() + ":" + (uri.getPort() < 0 ? 5672 : uri.getPort());
            }
        } catch (IllegalArgumentException e) {
            // a failover URL is no single URI: name it whole
        }
        return UrlRedactor.redact(url);
    }

    private static String loginRefused(String url, String user, Throwable cause) {
        if (user == null) {
            return UrlRedactor.redact(url) + " refused the anonymous login (" + describe(cause) + "): give a user and "
                    + "password in the URL, e.g. amqp://user:password@host:5672/queue";
        }
        return UrlRedactor.redact(url) + " refused the login of user '" + user + "' (" + describe(cause)
                + "): check the " + "user name and password in the URL";
    }

    private static JmsConnectionFactory factory(JmsUrl parsed, String url) throws DriverException {
        try {
            JmsConnectionFactory factory = new JmsConnectionFactory(parsed.connectionUri());
            if (parsed.username() != null) {
                factory.setUsername(parsed.username());
            }
            if (parsed.password() != null) {
                factory.setPassword(parsed.password());
            }
            return factory;
        } catch (RuntimeException e) {
            throw new DriverException(
                    "the URL " + UrlRedactor.redact(url) + " has options Qpid JMS does not accept: " + describe(e)
                            + "; see docs/drivers.md for the options",
                    e);
        }
    }

    static String describe(Throwable error) {
        StringBuilder text = new StringBuilder();
        Throwable cause = error;
        while (cause != null && text.length() < 400) {
            String message = cause.getMessage();
            if (message != null && !message.isBlank() && text.indexOf(message) < 0) {
                text.append(text.length() == 0 ? "" : ": ").append(message);
            }
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return text.length() == 0 ? error.getClass().getSimpleName() : UrlRedactor.redact(text.toString());
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException | RuntimeException e) {
                // closing after a failed connect: nothing more to do
            }
        }
    }
}
