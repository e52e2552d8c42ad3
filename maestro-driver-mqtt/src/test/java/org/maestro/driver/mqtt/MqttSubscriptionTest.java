package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.MosquittoProcess;

/**
 * Fan-out through MQTT shared subscriptions on the machine's Mosquitto (127.0.0.1:1883): two share groups of a topic
 * of the test's own with two receiver connections each, over MQTT 3.1.1 with the {@code $share/<group>/<topic>} path
 * and over MQTT 5 with {@code share=<group>}; every group gets every message once and its connections share them.
 */
class MqttSubscriptionTest {
    private final MqttDriver driver = new MqttDriver();
    private final String topic = "maestro/fanout/" + UUID.randomUUID();
    private String base;

    @BeforeEach
    void requireMosquitto() {
        MosquittoProcess.assumeLocalRunning();
        base = "mqtt://127.0.0.1:1883/";
    }

    @Test
    void everySharePathGroupGetsEveryMessageOverMqtt3() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                base + topic + "?qos=1",
                s -> base + "$share/sub-" + s + "/" + topic + "?qos=1",
                2,
                2,
                400,
                Duration.ofSeconds(30));
    }

    @Test
    void everyShareOptionGroupGetsEveryMessageOverMqtt5() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                base + topic + "?qos=1&version=5",
                s -> base + topic + "?qos=1&version=5&share=sub-" + s,
                2,
                2,
                400,
                Duration.ofSeconds(30));
    }

    @Test
    void theSharePathIsTheTopicWithAGroup() throws Exception {
        MqttUrl url = MqttUrl.parse("mqtt://h:1883/$share/sub-0/orders/eu?qos=0");
        assertEquals("orders/eu", url.topic(), "senders publish to the topic");
        assertEquals("sub-0", url.share());
        assertEquals("$share/sub-0/orders/eu", url.subscription());
        assertFalse(driver.deliversToEveryReceiver("mqtt://h:1883/$share/sub-0/orders"));
        assertTrue(driver.deliversToEveryReceiver("mqtt://h:1883/orders"));
    }

    @Test
    void refusesTwoGroupsOrAGroupWithoutTopic() {
        SubscriptionChecks.refusedNaming(
                driver,
                "mqtt://h:1883/$share/a/orders?share=b",
                "option share in URL mqtt://h:1883/$share/a/orders?share=b",
                "already names the group",
                MqttUrl.SHARED_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver,
                "mqtt://h:1883/$share/sub-0",
                "names a shared subscription without a topic",
                MqttUrl.SHARED_EXAMPLE);
    }
}
