package org.maestro.base.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link UrlRedactor}: one rule for what is secret in a URL, with or without the user name shown. */
class UrlRedactorTest {

    @Test
    void hidesTheWholeUserPartOfADestinationUrl() {
        assertEquals("amqp://***@broker:5672/q", UrlRedactor.redact("amqp://user:s3cret@broker:5672/q"));
        assertEquals("nats://***@127.0.0.1:4222/t", UrlRedactor.redact("nats://t0ken@127.0.0.1:4222/t"));
        assertEquals("amqp://broker:5672/q", UrlRedactor.redact("amqp://broker:5672/q"));
        assertEquals("(no URL)", UrlRedactor.redact(null));
    }

    @Test
    void keepsTheUserNameWhenAskedAndHidesOnlyThePassword() {
        assertEquals("mqtt://u:***@h:1/x", UrlRedactor.redactPassword("mqtt://u:pw@h:1/x"));
        assertEquals(
                "http://admin:***@broker:8161/console/jolokia",
                UrlRedactor.redactPassword("http://admin:top secret@broker:8161/console/jolokia"));
        assertEquals("mqtt://maestro@broker.lab:1883", UrlRedactor.redactPassword("mqtt://maestro@broker.lab:1883"));
        assertEquals("mqtt://broker.lab:1883", UrlRedactor.redactPassword("mqtt://broker.lab:1883"));
    }

    @Test
    void hidesPasswordsThatHoldUnencodedSeparators() {
        for (String secret : new String[] {"pa/ss", "pa@ss", "pa#ss", "pa?ss", "p:a:ss"}) {
            String url = "mqtt://maestro:" + secret + "@broker.lab:1883";
            assertEquals("mqtt://maestro:***@broker.lab:1883", UrlRedactor.redactPassword(url), secret);
            assertEquals("mqtt://***@broker.lab:1883", UrlRedactor.redact(url), secret);
        }
    }

    @Test
    void endsAUrlAtASpaceAfterItsPathSoThatTheTextAfterItStays() {
        assertEquals(
                "use amqp://host:port/<address>, or the plugin's port; receiver-1@localhost did not start",
                UrlRedactor.redact(
                        "use amqp://host:port/<address>, or the plugin's port; receiver-1@localhost did not start"));
        assertEquals(
                "http://guest:***@127.0.0.1:15672/api refused the login; inspector-1@localhost: no SUT data",
                UrlRedactor.redactPassword(
                        "http://guest:pw@127.0.0.1:15672/api refused the login; inspector-1@localhost: no SUT data"));
        assertEquals(
                "amqp://***@h:5672/q (peer sender-1@localhost)",
                UrlRedactor.redact("amqp://u:p@h:5672/q (peer sender-1@localhost)"));
    }

    @Test
    void hidesTheValuesOfSecretLookingOptions() {
        assertEquals(
                "amqp://***@broker:5672/q?jms.password=***&jms.prefetch=10",
                UrlRedactor.redact("amqp://u:p@broker:5672/q?jms.password=pw&jms.prefetch=10"));
        assertEquals(
                "kafkas://h/t?client.ssl.truststore.password=***&client.sasl.jaas.config=***",
                UrlRedactor.redact("kafkas://h/t?client.ssl.truststore.password=x&client.sasl.jaas.config=a b;"));
        assertEquals(
                "nats://h/t?token=***&Secret=***&mode=x",
                UrlRedactor.redactPassword("nats://h/t?token=abc&Secret=def&mode=x"));
    }

    @Test
    void hidesSecretLookingValuesInFreeText() {
        assertEquals(
                "connect failed (user=admin password=***); retry with api_key=*** or token=***, ok",
                UrlRedactor.redact(
                        "connect failed (user=admin password=hunter2); retry with api_key=k3y or token=t0k, ok"));
        assertEquals(
                "git clone https://***@git.example.com/qe/faults.git?access_token=***",
                UrlRedactor.redact("git clone https://oauth2:tok3n@git.example.com/qe/faults.git?access_token=tok3n"));
    }

    @Test
    void leavesAnAtSignAfterThePathAlone() {
        assertEquals("amqp://h:5672/q?reply=a@b", UrlRedactor.redact("amqp://h:5672/q?reply=a@b"));
        assertEquals("amqp://h/q@x", UrlRedactor.redact("amqp://h/q@x"));
    }

    @Test
    void redactsEveryUrlOfAFailoverList() {
        assertEquals(
                "failover:(amqp://***@h1:5672,amqp://***@h2:5672)?failover.maxReconnectAttempts=3",
                UrlRedactor.redact("failover:(amqp://u:p@h1:5672,amqp://u:p@h2:5672)?failover.maxReconnectAttempts=3"));
    }
}
