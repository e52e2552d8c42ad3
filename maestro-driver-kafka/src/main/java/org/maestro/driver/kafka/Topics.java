package org.maestro.driver.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.maestro.driver.Causes;
import org.maestro.driver.DriverException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sure the topic of a {@link KafkaUrl} exists before a connection is used: asks the cluster for it within the
 * connect timeout (which also tells whether the cluster is reachable) and creates it, with the URL's partitions or
 * the broker's default, when it is missing.
 */
final class Topics {
    private static final Logger LOG = LoggerFactory.getLogger(Topics.class);

    private Topics() {}

    /** Returns the topic's partition count once it exists; throws naming the URL and what to do. */
    static int ensure(KafkaUrl url, Duration timeout) throws DriverException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Admin admin;
        try {
            admin = Admin.create(ClientProperties.admin(url, timeout));
        } catch (RuntimeException e) {
            throw new DriverException("cannot set up a Kafka client for " + url + ": " + Causes.describe(e), e);
        }
        try {
            TopicDescription described = describe(admin, url, deadline, timeout);
            if (described == null) {
                create(admin, url, deadline, timeout);
                described = awaitCreated(admin, url, deadline, timeout);
            }
            int partitions = described.partitions().size();
            if (url.partitions() > 0 && partitions != url.partitions()) {
                throw new DriverException("the topic '" + url.topic() + "' at " + url + " exists with "
                        + partitions + " partition(s), the URL asks for " + url.partitions() + ": make partitions= "
                        + "match it, leave the option out, or use another topic");
            }
            return partitions;
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    /** The topic's description, or null when it does not exist. */
    private static TopicDescription describe(Admin admin, KafkaUrl url, long deadline, Duration timeout)
            throws DriverException {
        try {
            return admin.describeTopics(Set.of(url.topic()))
                    .allTopicNames()
                    .get(remaining(deadline), TimeUnit.NANOSECONDS)
                    .get(url.topic());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return null;
            }
            throw unreachable(url, timeout, e.getCause());
        } catch (TimeoutException e) {
            throw unreachable(url, timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while connecting to " + url);
        }
    }

    /** Describes a topic just created until the broker asked knows it (metadata spreads after creation). */
    private static TopicDescription awaitCreated(Admin admin, KafkaUrl url, long deadline, Duration timeout)
            throws DriverException {
        while (true) {
            TopicDescription described = describe(admin, url, deadline, timeout);
            if (described != null) {
                return described;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new DriverException("the topic '" + url.topic() + "' at " + url + " was created but Kafka "
                        + "did not show it within " + timeout.toMillis() + " ms: try again");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("interrupted while waiting for the topic of " + url);
            }
        }
    }

    private static void create(Admin admin, KafkaUrl url, long deadline, Duration timeout) throws DriverException {
        Optional<Integer> partitions = url.partitions() > 0 ? Optional.of(url.partitions()) : Optional.empty();
        try {
            admin.createTopics(List.of(new NewTopic(url.topic(), partitions, Optional.empty())))
                    .all()
                    .get(remaining(deadline), TimeUnit.NANOSECONDS);
            LOG.info(
                    "created topic '{}' at {} ({} partition(s))",
                    url.topic(),
                    url,
                    partitions.map(String::valueOf).orElse("the broker's default number of"));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof TopicExistsException) {
                return; // another connection created it meanwhile
            }
            throw new DriverException(
                    "cannot create the topic '" + url.topic() + "' at " + url + ": " + Causes.describe(e.getCause())
                            + ": create it on the cluster, or let the URL's user create topics",
                    e.getCause());
        } catch (TimeoutException e) {
            throw unreachable(url, timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while creating the topic of " + url);
        }
    }

    private static long remaining(long deadline) {
        return Math.max(1, deadline - System.nanoTime());
    }

    private static DriverException unreachable(KafkaUrl url, Duration timeout, Throwable cause) {
        if (cause instanceof TimeoutException || cause instanceof org.apache.kafka.common.errors.TimeoutException) {
            String listening = BootstrapProbe.firstListening(url.bootstrap());
            if (listening != null) {
                return new DriverException(
                        "cannot connect to " + url + " within " + timeout.toMillis() + " ms "
                                + "(the connect timeout): " + listening
                                + " accepts connections but Kafka did not answer "
                                + "in time: the broker or this machine is overloaded, the first connection of a JVM is "
                                + "slower (kafka-clients loading, the topic created), or the URL's port speaks TLS or SASL "
                                + "to a plain client: try again when the load is lower, and check the URL's scheme "
                                + "(kafkas:// for TLS) and user information",
                        cause);
            }
            return new DriverException(
                    "cannot connect to " + url + " within " + timeout.toMillis() + " ms: no "
                            + "answer from " + url.bootstrap() + ": is Kafka running and reachable there (and its "
                            + "advertised listeners too)?",
                    cause);
        }
        DriverException security = LoginFailures.explain(url, cause);
        if (security != null) {
            return security;
        }
        return new DriverException("cannot connect to " + url + ": " + Causes.describe(cause), cause);
    }
}
