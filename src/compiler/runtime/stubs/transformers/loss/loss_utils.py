"""tparse stub of transformers.loss.loss_utils, used only where no source root has the real module (the 5.17
source tarball of ../shared leaves `transformers/loss/` out): the task losses a model reaches through
PreTrainedModel.loss_function, with the op sequence of transformers' own functions (a cross entropy summed and
divided when the batch's item count is given, else averaged; logits upcast and flattened; labels padded and
shifted for causal LMs; problem_type chosen from the labels and stored on the config). The detection and
segmentation losses (Hungarian matching, scipy) are not modelled: calling one raises NotImplementedError."""
__tparse_fallback__ = True

import torch
import torch.nn as nn
from torch.nn import BCEWithLogitsLoss, MSELoss


def fixed_cross_entropy(source, target, num_items_in_batch=None, ignore_index=-100, **kwargs):
    summed = num_items_in_batch is not None
    loss = nn.functional.cross_entropy(source, target, ignore_index=ignore_index, reduction="sum" if summed else "mean")
    if summed:
        if torch.is_tensor(num_items_in_batch):
            num_items_in_batch = num_items_in_batch.to(loss.device)
        loss = loss / num_items_in_batch
    return loss


def ForCausalLMLoss(logits, labels, vocab_size, num_items_in_batch=None, ignore_index=-100, shift_labels=None, **kwargs):
    logits = logits.float()
    if shift_labels is None:
        labels = nn.functional.pad(labels, (0, 1), value=ignore_index)
        shift_labels = labels[..., 1:].contiguous()
    logits = logits.view(-1, vocab_size)
    shift_labels = shift_labels.view(-1)
    shift_labels = shift_labels.to(logits.device)
    return fixed_cross_entropy(logits, shift_labels, num_items_in_batch, ignore_index, **kwargs)


def ForMaskedLMLoss(logits, labels, vocab_size, num_items_in_batch=None, ignore_index=-100, **kwargs):
    logits = logits.float()
    logits = logits.view(-1, vocab_size)
    labels = labels.view(-1)
    labels = labels.to(logits.device)
    return fixed_cross_entropy(logits, labels, num_items_in_batch, ignore_index, **kwargs)


def ForSequenceClassificationLoss(labels, pooled_logits, config, **kwargs):
    n = config.num_labels
    if config.problem_type is None:
        if n == 1:
            config.problem_type = "regression"
        elif n > 1 and (labels.dtype in (torch.long, torch.int)):
            config.problem_type = "single_label_classification"
        else:
            config.problem_type = "multi_label_classification"
    labels = labels.to(pooled_logits.device)
    if config.problem_type == "regression":
        mse = MSELoss()
        if n == 1:
            return mse(pooled_logits.squeeze(), labels.squeeze())
        return mse(pooled_logits, labels)
    if config.problem_type == "single_label_classification":
        return fixed_cross_entropy(pooled_logits.view(-1, n), labels.view(-1), **kwargs)
    if config.problem_type == "multi_label_classification":
        return BCEWithLogitsLoss()(pooled_logits, labels)
    raise RuntimeError(f"Invalid problem type: {config.problem_type}")


def ForQuestionAnsweringLoss(start_logits, end_logits, start_positions, end_positions, **kwargs):
    if start_positions is None or end_positions is None:
        return None
    if len(start_positions.size()) > 1:
        start_positions = start_positions.squeeze(-1).to(start_logits.device)
    if len(end_positions.size()) > 1:
        end_positions = end_positions.squeeze(-1).to(end_logits.device)
    # positions outside the inputs are clamped to the sequence length and ignored
    ignored = start_logits.size(1)
    start_positions = start_positions.clamp(0, ignored)
    end_positions = end_positions.clamp(0, ignored)
    start_loss = fixed_cross_entropy(start_logits, start_positions, ignore_index=ignored, **kwargs)
    end_loss = fixed_cross_entropy(end_logits, end_positions, ignore_index=ignored, **kwargs)
    return (start_loss + end_loss) / 2


def ForTokenClassification(logits, labels, config, **kwargs):
    logits = logits.view(-1, config.num_labels)
    labels = labels.view(-1).to(logits.device)
    logits = logits.float()
    return fixed_cross_entropy(logits, labels, **kwargs)


def _not_modelled(name):
    def loss(*args, **kwargs):
        raise NotImplementedError(f"tparse does not model transformers' {name} (matching losses of detection / segmentation)")
    return loss


# the real mapping's keys in its order (transformers 5.17 as installed on the device): PreTrainedModel picks the
# first key found in the class name (GotOcr2ForConditionalGeneration: ForConditionalGeneration, the causal-LM loss)
LOSS_MAPPING = {
    "ForSemanticSegmentation": _not_modelled("ForSemanticSegmentationLoss"),
    "ForCausalLM": ForCausalLMLoss,
    "ForMaskedLM": ForMaskedLMLoss,
    "ForQuestionAnswering": ForQuestionAnsweringLoss,
    "ForSequenceClassification": ForSequenceClassificationLoss,
    "ForImageClassification": ForSequenceClassificationLoss,
    "ForVideoClassification": ForSequenceClassificationLoss,
    "ForAudioClassification": ForSequenceClassificationLoss,
    "ForTokenClassification": ForTokenClassification,
    "ForSegmentation": _not_modelled("ForSegmentationLoss"),
    "ForObjectDetection": _not_modelled("ForObjectDetectionLoss"),
    "ForConditionalGeneration": ForCausalLMLoss,
    "DeformableDetrForObjectDetection": _not_modelled("DeformableDetrForObjectDetectionLoss"),
    "ConditionalDetrForObjectDetection": _not_modelled("DeformableDetrForObjectDetectionLoss"),
    "DabDetrForObjectDetection": _not_modelled("DeformableDetrForObjectDetectionLoss"),
    "GroundingDinoForObjectDetection": _not_modelled("GroundingDinoForObjectDetectionLoss"),
    "MMGroundingDinoForObjectDetection": _not_modelled("GroundingDinoForObjectDetectionLoss"),
    "ConditionalDetrForSegmentation": _not_modelled("DeformableDetrForSegmentationLoss"),
    "RTDetrForObjectDetection": _not_modelled("RTDetrForObjectDetectionLoss"),
    "RTDetrV2ForObjectDetection": _not_modelled("RTDetrForObjectDetectionLoss"),
    "DFineForObjectDetection": _not_modelled("DFineForObjectDetectionLoss"),
    "Deimv2ForObjectDetection": _not_modelled("Deimv2ForObjectDetectionLoss"),
    "CsmForConditionalGeneration": ForCausalLMLoss,
    "LwDetrForObjectDetection": _not_modelled("LwDetrForObjectDetectionLoss"),
    "ParakeetForRNNT": _not_modelled("ParakeetForRNNTLoss"),
    "ParakeetForTDT": _not_modelled("ParakeetForTDTLoss"),
    "RfDetrForObjectDetection": _not_modelled("RfDetrForObjectDetectionLoss"),
    "RfDetrForInstanceSegmentation": _not_modelled("RfDetrForInstanceSegmentationLoss"),
}
