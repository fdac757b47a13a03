"""tparse stub of transformers.modeling_outputs: the output records (field names in the order of the real
dataclasses; ModelOutput indexing skips None fields as the real to_tuple())."""
from transformers.utils import ModelOutput


class BaseModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'hidden_states', 'attentions')


class BaseModelOutputWithNoAttention(ModelOutput):
    _field_names = ('last_hidden_state', 'hidden_states')


class BaseModelOutputWithPooling(ModelOutput):
    _field_names = ('last_hidden_state', 'pooler_output', 'hidden_states', 'attentions')


class BaseModelOutputWithPoolingAndNoAttention(ModelOutput):
    _field_names = ('last_hidden_state', 'pooler_output', 'hidden_states')


class BaseModelOutputWithPast(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'hidden_states', 'attentions')


class BaseModelOutputWithCrossAttentions(ModelOutput):
    _field_names = ('last_hidden_state', 'hidden_states', 'attentions', 'cross_attentions')


class BaseModelOutputWithPoolingAndCrossAttentions(ModelOutput):
    _field_names = ('last_hidden_state', 'pooler_output', 'hidden_states', 'past_key_values', 'attentions', 'cross_attentions')


class BaseModelOutputWithPastAndCrossAttentions(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'hidden_states', 'attentions', 'cross_attentions')


class MoEModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'hidden_states', 'attentions', 'router_probs', 'router_logits')


class MoeModelOutputWithPast(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'hidden_states', 'attentions', 'router_logits')


class MoeCausalLMOutputWithPast(ModelOutput):
    _field_names = ('loss', 'aux_loss', 'logits', 'past_key_values', 'hidden_states', 'attentions', 'router_logits')


class MoEModelOutputWithPastAndCrossAttentions(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'hidden_states', 'attentions', 'cross_attentions', 'router_probs', 'router_logits')


class Seq2SeqModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions')


class Seq2SeqMoEModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'decoder_router_logits', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions', 'encoder_router_logits')


class CausalLMOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class CausalLMOutputWithPast(ModelOutput):
    _field_names = ('loss', 'logits', 'past_key_values', 'hidden_states', 'attentions')


class CausalLMOutputWithCrossAttentions(ModelOutput):
    _field_names = ('loss', 'logits', 'past_key_values', 'hidden_states', 'attentions', 'cross_attentions')


class SequenceClassifierOutputWithPast(ModelOutput):
    _field_names = ('loss', 'logits', 'past_key_values', 'hidden_states', 'attentions')


class MaskedLMOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class Seq2SeqLMOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions')


class Seq2SeqMoEOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'encoder_z_loss', 'decoder_z_loss', 'encoder_aux_loss', 'decoder_aux_loss', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'decoder_router_logits', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions', 'encoder_router_logits')


class NextSentencePredictorOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class SequenceClassifierOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class Seq2SeqSequenceClassifierOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions')


class MultipleChoiceModelOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class TokenClassifierOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class QuestionAnsweringModelOutput(ModelOutput):
    _field_names = ('loss', 'start_logits', 'end_logits', 'hidden_states', 'attentions')


class Seq2SeqQuestionAnsweringModelOutput(ModelOutput):
    _field_names = ('loss', 'start_logits', 'end_logits', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions')


class SemanticSegmenterOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class ImageClassifierOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states', 'attentions')


class ImageClassifierOutputWithNoAttention(ModelOutput):
    _field_names = ('loss', 'logits', 'hidden_states')


class DepthEstimatorOutput(ModelOutput):
    _field_names = ('loss', 'predicted_depth', 'hidden_states', 'attentions')


class ImageSuperResolutionOutput(ModelOutput):
    _field_names = ('loss', 'reconstruction', 'hidden_states', 'attentions')


class Wav2Vec2BaseModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'extract_features', 'hidden_states', 'attentions')


class XVectorOutput(ModelOutput):
    _field_names = ('loss', 'logits', 'embeddings', 'hidden_states', 'attentions')


class BackboneOutput(ModelOutput):
    _field_names = ('feature_maps', 'hidden_states', 'attentions')


class BaseModelOutputWithPoolingAndProjection(ModelOutput):
    _field_names = ('last_hidden_state', 'pooler_output', 'hidden_states', 'attentions', 'projection_state')


class Seq2SeqSpectrogramOutput(ModelOutput):
    _field_names = ('loss', 'spectrogram', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions')


class Seq2SeqTSModelOutput(ModelOutput):
    _field_names = ('last_hidden_state', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions', 'loc', 'scale', 'static_features')


class Seq2SeqTSPredictionOutput(ModelOutput):
    _field_names = ('loss', 'params', 'past_key_values', 'decoder_hidden_states', 'decoder_attentions', 'cross_attentions', 'encoder_last_hidden_state', 'encoder_hidden_states', 'encoder_attentions', 'loc', 'scale', 'static_features')


class SampleTSPredictionOutput(ModelOutput):
    _field_names = ('sequences',)


class MaskedImageModelingOutput(ModelOutput):
    _field_names = ('loss', 'reconstruction', 'hidden_states', 'attentions')

