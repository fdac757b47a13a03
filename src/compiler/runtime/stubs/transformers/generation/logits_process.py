"""tparse stub of transformers.generation.logits_process (generation runs outside the model's forward)."""


class LogitsProcessor:
    def __call__(self, input_ids, scores):
        return scores


class LogitsProcessorList:
    def __init__(self, processors=None):
        self.processors = processors if processors is not None else []

    def append(self, p):
        self.processors.append(p)

    def __call__(self, input_ids, scores, **kwargs):
        for p in self.processors:
            scores = p(input_ids, scores)
        return scores
