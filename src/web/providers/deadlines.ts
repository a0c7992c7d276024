import type { HttpClient } from '../http/client';

/** What the deadline simulation is asked: the type, the amount, the base moment and the place. */
export interface DeadlineSimulationRequest {
  deadline_type_id: number;
  amount: number;
  /** `YYYY-MM-DD HH:mm:ss` on the council's clock. */
  base_moment: string;
  uf_id?: number | null;
  city_id?: number | null;
}

export interface DeadlineSimulation {
  data: { deadline_moment: string; base_moment: string; amount: number; uf_id: number | null; city_id: number | null };
  message: string;
}

/** The data provider's method for simulating a deadline (the shell adds it to its data provider). */
export interface DeadlinesProvider {
  simulateDeadline(request: DeadlineSimulationRequest): Promise<DeadlineSimulation>;
}

/** `POST /api/deadlines/simulation`. */
export function deadlineSimulation(http: HttpClient): DeadlinesProvider {
  return {
    async simulateDeadline(request) {
      const { json } = await http<DeadlineSimulation>({ method: 'POST', path: '/api/deadlines/simulation', body: request });
      return json;
    },
  };
}
