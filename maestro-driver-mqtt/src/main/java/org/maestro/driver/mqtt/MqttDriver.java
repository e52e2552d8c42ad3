package org.maestro.driver.mqtt;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * An MQTT driver on the Eclipse Paho clients: URLs {@code mqtt://host:1883/topic} and {@code mqtts://host:8883/topic}
 * with the options of {@link MqttUrl}; each connection is one Paho client, MQTT 3.1.1 or (with {@code version=5})
 * MQTT 5. Thread-safe.
 */
public final class MqttDriver implements Driver {

    @Override
    public Set<String> schemes() {
        return Set.of("mqtt", "mqtts");
    }

    @Override
    public void check(String url) throws DriverException {
        MqttUrl.parse(url);
    }

    /** A plain topic is publish-subscribe; {@code share=…} makes the receivers share its messages. */
    @Override
    public boolean deliversToEveryReceiver(String url) throws DriverException {
        return MqttUrl.parse(url).share() == null;
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        MqttUrl parsed = MqttUrl.parse(url);
        return parsed.version() == 5
                ? Mqtt5Connection.open(parsed, clock, timeout)
                : MqttConnection.open(parsed, clock, timeout);
    }
}
