package org.maestro.dist;

import static org.maestro.dist.KubernetesManifests.containers;
import static org.maestro.dist.KubernetesManifests.kindOf;
import static org.maestro.dist.KubernetesManifests.nameOf;
import static org.maestro.dist.KubernetesManifests.selects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The manifests of a kustomization made into what {@code podman kube play} (Podman 4.3) runs, changing only what kube
 * play lacks, each the way Kubernetes would have it (docs/distributed.md, "Under podman kube play"):
 *
 * <ol>
 *   <li>the kustomization: its resources in order, with its {@code images} applied (newName, newTag); its namespace
 *       and labels are not (Podman has no namespaces; labels change nothing that runs);
 *   <li>a Namespace is left out: the network the plays share stands for it;
 *   <li>a Secret becomes a podman secret holding {@code {"key": "base64 of the value"}}: kube play 4.3 stores a Secret
 *       in a form its own {@code secretKeyRef} cannot read (fixed in Podman 4.4);
 *   <li>a Service becomes a network alias ({@code --network NET:alias=NAME}) of the plays of the Deployments it
 *       selects; each of its ports must be the port its pods listen on, since an alias maps no port;
 *   <li>containers lose their {@code ports}: kube play publishes each containerPort on every address of the host;
 *   <li>a Job becomes a Pod of the Job's name with the Job's pod template;
 *   <li>every play carries the ConfigMaps (kube play reads them from the same file only), with the values a test sets.
 * </ol>
 *
 * What kube play 4.3 would run differently without saying so (a volume's subPath, a {@code $(VAR)} reference, another
 * kind of object or volume) is refused, naming the object.
 */
final class KubePlayRendering {
    private static final Set<String> KINDS =
            Set.of("Namespace", "ConfigMap", "Secret", "PersistentVolumeClaim", "Service", "Deployment", "Job");
    private static final Set<String> VOLUME_SOURCES = Set.of("configMap", "persistentVolumeClaim", "emptyDir");
    private static final Pattern VARIABLE_REFERENCE = Pattern.compile("\\$\\([A-Za-z_][A-Za-z0-9_]*\\)");
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
            .build();

    /**
     * One {@code podman kube play} of a file: its documents, its network aliases, the pods it creates, their containers
     * that keep running (restarted when they exit), and those that run to their end (a Job's).
     */
    record Play(
            String name,
            List<String> aliases,
            List<JsonNode> documents,
            List<String> pods,
            List<String> running,
            List<String> awaited) {
        /** The file kube play reads. */
        String yaml() {
            StringBuilder text = new StringBuilder();
            for (JsonNode document : documents) {
                try {
                    text.append(YAML.writeValueAsString(document));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return text.toString();
        }
    }

    /** A podman secret in the form kube play 4.3 reads for secretKeyRef: each key with its value in base64. */
    record PodmanSecret(String name, Map<String, String> base64Values) {
        /** The JSON of {@code podman secret create NAME FILE}. */
        String json() {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            base64Values.forEach(json::put);
            return json.toString();
        }
    }

    private final List<Play> plays;
    private final List<PodmanSecret> secrets;
    private final Set<String> volumes;
    private final Set<String> images;

    private KubePlayRendering(List<Play> plays, List<PodmanSecret> secrets, Set<String> volumes, Set<String> images) {
        this.plays = List.copyOf(plays);
        this.secrets = List.copyOf(secrets);
        this.volumes = Set.copyOf(volumes);
        this.images = Set.copyOf(images);
    }

    /**
     * Renders the manifests, with values of ConfigMaps replaced as a user edits them before a run.
     *
     * @param configMapValues ConfigMap name to keys and their values; each ConfigMap and key must exist
     * @throws IllegalArgumentException naming the object kube play would not run as Kubernetes does
     */
    static KubePlayRendering of(KubernetesManifests manifests, Map<String, Map<String, String>> configMapValues) {
        for (JsonNode object : manifests.objects()) {
            if (!KINDS.contains(kindOf(object))) {
                throw new IllegalArgumentException(kindOf(object) + " " + nameOf(object) + ": podman kube play has no "
                        + kindOf(object) + " and this rendering no equivalent; add one to KubePlayRendering and "
                        + "docs/distributed.md");
            }
        }
        List<JsonNode> configMaps = configMaps(manifests, configMapValues);
        Map<String, String> images = images(manifests.kustomization());
        List<JsonNode> deployments = manifests.ofKind("Deployment");
        Map<String, List<String>> aliases = aliases(manifests, deployments);

        List<Play> plays = new ArrayList<>();
        Set<String> volumes = new LinkedHashSet<>();
        List<JsonNode> claims = manifests.ofKind("PersistentVolumeClaim");
        if (!claims.isEmpty()) {
            claims.forEach(claim -> volumes.add(nameOf(claim)));
            plays.add(new Play("volumes", List.of(), claims, List.of(), List.of(), List.of()));
        }
        Set<String> usedImages = new LinkedHashSet<>();
        for (JsonNode deployment : deployments) {
            String name = nameOf(deployment);
            ObjectNode played = deployment.deepCopy();
            JsonNode template = played.path("spec").path("template");
            prepare("Deployment " + name, template, images, usedImages, volumes);
            int replicas = deployment.path("spec").path("replicas").asInt(1);
            List<String> pods = new ArrayList<>();
            List<String> running = new ArrayList<>();
            for (int i = 0; i < replicas; i++) {
                String pod = name + "-pod-" + i;
                pods.add(pod);
                template.path("spec")
                        .path("containers")
                        .forEach(c -> running.add(pod + "-" + c.path("name").asText()));
            }
            plays.add(new Play(
                    name,
                    List.copyOf(aliases.get(name)),
                    withConfigMaps(configMaps, played),
                    pods,
                    running,
                    List.of()));
        }
        for (JsonNode job : manifests.ofKind("Job")) {
            plays.add(jobAsPod(job, configMaps, images, usedImages, volumes));
        }
        return new KubePlayRendering(plays, secrets(manifests), volumes, usedImages);
    }

    /** The plays, in the order to run them: the volumes, the Deployments in the manifests' order, then the Jobs. */
    List<Play> plays() {
        return plays;
    }

    /** The podman secrets to create before the plays. */
    List<PodmanSecret> secrets() {
        return secrets;
    }

    /** The named volumes the plays create (claims, and one per ConfigMap mounted), which {@code kube down} keeps. */
    Set<String> volumes() {
        return volumes;
    }

    /** The images the plays run. */
    Set<String> images() {
        return images;
    }

    private static List<JsonNode> configMaps(
            KubernetesManifests manifests, Map<String, Map<String, String>> configMapValues) {
        List<JsonNode> configMaps = new ArrayList<>();
        for (JsonNode configMap : manifests.ofKind("ConfigMap")) {
            configMaps.add(configMap.deepCopy());
        }
        configMapValues.forEach((name, values) -> {
            ObjectNode data = configMaps.stream()
                    .filter(c -> nameOf(c).equals(name))
                    .map(c -> (ObjectNode) c.path("data"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no ConfigMap " + name + " with data in "
                            + manifests.directory() + " to set " + values.keySet() + " in"));
            values.forEach((key, value) -> {
                if (!data.has(key)) {
                    throw new IllegalArgumentException("the ConfigMap " + name + " has no key " + key + " (it has "
                            + YamlFiles.fieldNames(data) + ")");
                }
                data.put(key, value);
            });
        });
        return configMaps;
    }

    /** The kustomization's image names, each with the name and tag it becomes. */
    private static Map<String, String> images(JsonNode kustomization) {
        Map<String, String> images = new LinkedHashMap<>();
        for (JsonNode image : kustomization.path("images")) {
            String name = image.path("name").asText();
            images.put(
                    name,
                    image.path("newName").asText(name) + ":"
                            + image.path("newTag").asText(""));
        }
        return images;
    }

    /** The network aliases of each Deployment: the names of the Services that select its pods. */
    private static Map<String, List<String>> aliases(KubernetesManifests manifests, List<JsonNode> deployments) {
        Map<String, List<String>> aliases = new LinkedHashMap<>();
        deployments.forEach(d -> aliases.put(nameOf(d), new ArrayList<>()));
        for (JsonNode service : manifests.ofKind("Service")) {
            String name = nameOf(service);
            String type = service.path("spec").path("type").asText("ClusterIP");
            if (!type.equals("ClusterIP")) {
                throw new IllegalArgumentException("Service " + name + " is of type " + type
                        + ": under podman kube play a Service is only a name on the network (ClusterIP)");
            }
            JsonNode selector = service.path("spec").path("selector");
            List<JsonNode> selected = deployments.stream()
                    .filter(d -> selects(
                            selector,
                            d.path("spec").path("template").path("metadata").path("labels")))
                    .toList();
            if (selected.isEmpty()) {
                throw new IllegalArgumentException(
                        "Service " + name + " selects no Deployment's pods (selector " + selector + ")");
            }
            for (JsonNode port : service.path("spec").path("ports")) {
                for (JsonNode deployment : selected) {
                    checkTargetPort(name, port, deployment);
                }
            }
            selected.forEach(d -> aliases.get(nameOf(d)).add(name));
        }
        return aliases;
    }

    /** An alias maps no port: the Service's port must be the one the selected pods listen on. */
    private static void checkTargetPort(String service, JsonNode port, JsonNode deployment) {
        int number = port.path("port").asInt();
        JsonNode target = port.path("targetPort");
        Integer listening = null;
        if (target.isMissingNode() || target.isNumber()) {
            listening = target.isMissingNode() ? number : target.asInt();
        } else {
            for (JsonNode container : containers(deployment.path("spec").path("template"))) {
                for (JsonNode containerPort : container.path("ports")) {
                    if (containerPort.path("name").asText().equals(target.asText())) {
                        listening = containerPort.path("containerPort").asInt();
                    }
                }
            }
        }
        if (listening == null || listening != number) {
            throw new IllegalArgumentException("Service " + service + " port " + number + " targets " + target
                    + " of Deployment " + nameOf(deployment) + ", which is port " + listening
                    + ": under podman kube play the Service is a network alias, which maps no port");
        }
    }

    /** A Job's pod template as a Pod of the Job's name: kube play runs no Job. */
    private static Play jobAsPod(
            JsonNode job,
            List<JsonNode> configMaps,
            Map<String, String> images,
            Set<String> usedImages,
            Set<String> volumes) {
        String name = nameOf(job);
        JsonNode spec = job.path("spec");
        if (spec.path("parallelism").asInt(1) != 1 || spec.path("completions").asInt(1) != 1) {
            throw new IllegalArgumentException("Job " + name + " asks for more than one pod: the rendering runs one");
        }
        ObjectNode pod = JsonNodeFactory.instance.objectNode();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        ObjectNode metadata = spec.path("template").path("metadata").isObject()
                ? ((ObjectNode) spec.path("template").path("metadata")).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        metadata.put("name", name);
        pod.set("metadata", metadata);
        pod.set("spec", spec.path("template").path("spec").deepCopy());
        prepare("Job " + name, pod, images, usedImages, volumes);
        List<String> awaited = new ArrayList<>();
        pod.path("spec")
                .path("containers")
                .forEach(c -> awaited.add(name + "-" + c.path("name").asText()));
        return new Play(name, List.of(), withConfigMaps(configMaps, pod), List.of(name), List.of(), awaited);
    }

    /** Renames the images, drops the ports, and refuses what kube play would run differently. */
    private static void prepare(
            String owner, JsonNode template, Map<String, String> images, Set<String> usedImages, Set<String> volumes) {
        for (JsonNode volume : template.path("spec").path("volumes")) {
            List<String> sources = YamlFiles.fieldNames(volume).stream()
                    .filter(f -> !f.equals("name"))
                    .toList();
            if (sources.size() != 1 || !VOLUME_SOURCES.contains(sources.get(0))) {
                throw new IllegalArgumentException(owner + ": volume "
                        + volume.path("name").asText() + " is " + sources + "; the rendering knows " + VOLUME_SOURCES);
            }
            if (volume.has("configMap")) {
                volumes.add(volume.path("configMap").path("name").asText());
            }
        }
        for (JsonNode container : containers(template)) {
            ObjectNode editable = (ObjectNode) container;
            String where = owner + "/" + container.path("name").asText();
            editable.remove("ports");
            editable.put("image", renamed(container.path("image").asText(), images));
            usedImages.add(editable.path("image").asText());
            for (JsonNode mount : container.path("volumeMounts")) {
                if (mount.has("subPath")) {
                    throw new IllegalArgumentException(
                            where + " mounts " + mount.path("mountPath").asText()
                                    + " with subPath, which podman kube play 4.3 ignores (it mounts the whole volume there):"
                                    + " mount the volume on a folder instead");
                }
            }
            List<String> words = new ArrayList<>(YamlFiles.texts(container.path("command")));
            words.addAll(YamlFiles.texts(container.path("args")));
            container.path("env").forEach(e -> words.add(e.path("value").asText("")));
            for (String word : words) {
                if (VARIABLE_REFERENCE.matcher(word).find()) {
                    throw new IllegalArgumentException(where + " refers to a variable as $(NAME) in '" + word
                            + "', which podman kube play 4.3 does not expand: let a shell or the script do it");
                }
            }
        }
    }

    /** An image as the kustomization's images rename it (name without tag matched, as kustomize does). */
    private static String renamed(String image, Map<String, String> images) {
        int colon = image.lastIndexOf(':');
        String name = colon > image.lastIndexOf('/') ? image.substring(0, colon) : image;
        String tag = colon > image.lastIndexOf('/') ? image.substring(colon + 1) : "";
        String renamed = images.get(name);
        if (renamed == null) {
            return image;
        }
        String newName = renamed.substring(0, renamed.lastIndexOf(':'));
        String newTag = renamed.substring(renamed.lastIndexOf(':') + 1);
        String chosenTag = newTag.isEmpty() ? tag : newTag;
        return chosenTag.isEmpty() ? newName : newName + ":" + chosenTag;
    }

    private static List<JsonNode> withConfigMaps(List<JsonNode> configMaps, JsonNode workload) {
        List<JsonNode> documents = new ArrayList<>(configMaps);
        documents.add(workload);
        return documents;
    }

    /** Each Secret as a podman secret: the values of stringData and data, in base64, by key. */
    private static List<PodmanSecret> secrets(KubernetesManifests manifests) {
        List<PodmanSecret> secrets = new ArrayList<>();
        for (JsonNode secret : manifests.ofKind("Secret")) {
            Map<String, String> values = new TreeMap<>();
            YamlFiles.fields(secret.path("data"))
                    .forEach(e -> values.put(e.getKey(), e.getValue().asText()));
            YamlFiles.fields(secret.path("stringData"))
                    .forEach(e -> values.put(
                            e.getKey(),
                            Base64.getEncoder()
                                    .encodeToString(e.getValue().asText().getBytes(StandardCharsets.UTF_8))));
            secrets.add(new PodmanSecret(nameOf(secret), values));
        }
        return secrets;
    }
}
